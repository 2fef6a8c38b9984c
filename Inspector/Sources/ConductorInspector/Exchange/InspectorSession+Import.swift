package import ConductorRecording
package import Foundation

extension InspectorSession {
    /// Imports a recording to be viewed: reads it off the main actor, and adds each intent of a watched store (one
    /// watched with `Codable` intents) that passes the store's ``ImportPolicy/validate`` to the timeline, a few
    /// hundred at a time so the app keeps answering. Time travel to one shows the state it leads to, computed by the
    /// store's reducer on a copy of the state the store had at the import — its effects ignored, the live store
    /// holding every intent meanwhile. Only the intents the store's ``ImportPolicy/sendsLive`` allows are sent to the
    /// live store, where they run as any other; by default none is.
    ///
    /// Records that are not intents (actions, commands, the inspector's own events) are counted in
    /// ``ImportReport/ignored``. A line that is not a record, not valid UTF-8, names no watched store's intent type,
    /// does not decode, or is refused by validation is left out and reported in ``ImportReport/skipped`` — never a
    /// crash. Intents go to the first watched store, by name, whose intent type the line names.
    /// - Throws: `RecordingError.unreadable` for a recording larger than ``maximumImportBytes`` or with more lines
    ///   than ``maximumImportLines``: nothing of it is imported.
    @discardableResult
    package func importRecording(_ data: Data) async throws(RecordingError) -> ImportReport {
        let decoders = importDecoders()
        let (bytes, lines) = (maximumImportBytes, maximumImportLines)
        let result = await Task.detached {
            ImportReader.read(data, decoders: decoders, maximumBytes: bytes, maximumLines: lines)
        }.value
        let read: ImportReader.Read
        switch result {
        case .success(let value): read = value
        case .failure(let error): throw error
        }
        // A batch at a time, letting the app's own work run between them: the app's validation, then the events.
        var plans: [(store: any StoreHandle, batch: Int)] = []
        var refused: [RecordingError] = []
        for name in read.intents.keys.sorted() {
            guard let store = stores[name], let intents = read.intents[name] else { continue }
            let batch = store.beginImport()
            plans.append((store: store, batch: batch))
            for start in stride(from: 0, to: intents.count, by: Self.importBatch) {
                let end = min(start + Self.importBatch, intents.count)
                guard let refusals = store.acceptImported(intents[start..<end], batch: batch) else { break }
                refused += refusals
                await Task.yield()
            }
        }
        var counts = ImportCounts()
        for plan in plans {
            var step = 1
            while let count = plan.store.importedCount(batch: plan.batch), step <= count,
                let live = plan.store.publishImported(batch: plan.batch, step: step)
            {
                counts.add(plan.store.name, sentLive: live)
                step += 1
                if counts.total % Self.importBatch == 0 { await Task.yield() }
            }
        }
        return reportImport(read, refused: refused, counts: counts)
    }

    /// Imports a recording to be viewed, as ``importRecording(_:)-(Data)`` does, all at once on the main actor: for
    /// small recordings and tests.
    /// - Throws: `RecordingError.unreadable` for a recording larger than ``maximumImportBytes`` or with more lines
    ///   than ``maximumImportLines``.
    @discardableResult
    package func importRecording(_ recording: String) throws(RecordingError) -> ImportReport {
        let result = ImportReader.read(
            Data(recording.utf8), decoders: importDecoders(), maximumBytes: maximumImportBytes,
            maximumLines: maximumImportLines)
        let read: ImportReader.Read
        switch result {
        case .success(let value): read = value
        case .failure(let error): throw error
        }
        var refused: [RecordingError] = []
        var counts = ImportCounts()
        for name in read.intents.keys.sorted() {
            guard let store = stores[name], let intents = read.intents[name] else { continue }
            let batch = store.beginImport()
            refused += store.acceptImported(intents[...], batch: batch) ?? []
            var step = 1
            while let count = store.importedCount(batch: batch), step <= count,
                let live = store.publishImported(batch: batch, step: step)
            {
                counts.add(name, sentLive: live)
                step += 1
            }
        }
        return reportImport(read, refused: refused, counts: counts)
    }

    /// How many intents an import validates, or adds to the timeline, before it lets the app's own work run.
    private static let importBatch = 256

    /// How an import went so far, by store.
    private struct ImportCounts {
        var byStore: [String: Int] = [:]
        var total = 0
        var sentLive = 0

        mutating func add(_ store: String, sentLive live: Bool) {
            byStore[store, default: 0] += 1
            total += 1
            if live { sentLive += 1 }
        }
    }

    /// Each watched store with `Decodable` intents, by intent type's name; the first by store name wins a type.
    private func importDecoders() -> ImportReader.Decoders {
        var decoders: ImportReader.Decoders = [:]
        for name in stores.keys.sorted() {
            guard let store = stores[name], let decode = store.importDecoder, decoders[store.intentTypeName] == nil
            else { continue }
            decoders[store.intentTypeName] = ImportReader.StoreDecoder(store: name, decode: decode)
        }
        return decoders
    }

    private func reportImport(_ read: ImportReader.Read, refused: [RecordingError], counts: ImportCounts)
        -> ImportReport
    {
        let skipped = (read.skipped + refused).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        var fields = ["sent to the live store": "\(counts.sentLive)", "not intents": "\(read.ignored)"]
        for (store, count) in counts.byStore { fields["store \(store)"] = "\(count) intent(s) to view" }
        var title = "imported \(counts.total) intent(s) to view"
        if counts.sentLive > 0 { title += ", \(counts.sentLive) sent live" }
        if !skipped.isEmpty {
            title += ", \(skipped.count) line(s) left out"
            let reasons: [String] = skipped.prefix(5).map { Self.cut($0.description) }
            fields["left out"] = reasons.joined(separator: "; ") + (skipped.count > 5 ? "; …" : "")
        }
        notice(title, fields: fields)
        return ImportReport(imported: counts.total, sentLive: counts.sentLive, ignored: read.ignored, skipped: skipped)
    }
}

/// What an import did (``InspectorSession/importRecording(_:)-(Data)``).
package struct ImportReport: Sendable, Equatable {
    /// How many intents were imported to be viewed: each is an event of the timeline that time travel can show.
    package let imported: Int
    /// How many of them were also sent to the live store, because its ``ImportPolicy/sendsLive`` allows them.
    package let sentLive: Int
    /// How many records were not intents — actions, commands, the inspector's own events — and were left as they
    /// are: they tell what the app did, not what it can replay.
    package let ignored: Int
    /// The lines left out, in order: not a record or not UTF-8 (`malformedLine`, `invalidUTF8`), no watched store's
    /// intent type (`unknownType`), not decodable (`undecodable`), or refused by the store's validation
    /// (`replayFailed`, whose reason is the validation's error).
    package let skipped: [RecordingError]

    /// A report.
    package init(imported: Int, sentLive: Int, ignored: Int, skipped: [RecordingError]) {
        self.imported = imported
        self.sentLive = sentLive
        self.ignored = ignored
        self.skipped = skipped
    }
}
