internal import ConductorRecording
internal import ConductorStore
internal import CustomDump

extension WatchedStore {
    func beginImport() -> Int {
        nextBatch += 1
        // Onto what the app shows live: the state saved when travel began, or the store's state.
        imported = ImportedSession(batch: nextBatch, base: liveState ?? store?.state ?? base, intents: [])
        importCursor = nil
        return nextBatch
    }

    func acceptImported(_ values: ArraySlice<ImportedIntent>, batch: Int) -> [RecordingError]? {
        guard imported?.batch == batch else { return nil }
        var refused: [RecordingError] = []
        for value in values {
            guard let intent = value.value as? IntentType else {
                refused.append(
                    .undecodable(
                        line: value.line, kind: .intent, type: value.type,
                        reason: "it is not an intent of store '\(name)'"))
                continue
            }
            do {
                try importPolicy.validate(intent)
                imported?.intents.append(intent)
            } catch {
                refused.append(
                    .replayFailed(
                        line: value.line, kind: .intent, type: value.type, replayed: imported?.intents.count ?? 0,
                        reason: "store '\(name)' refuses it: \(error)"))
            }
        }
        return refused
    }

    func importedCount(batch: Int) -> Int? {
        guard let imported, imported.batch == batch else { return nil }
        return imported.intents.count
    }

    func publishImported(batch: Int, step: Int) -> Bool? {
        guard let imported, imported.batch == batch, step >= 1, step <= imported.intents.count else { return nil }
        let intent = imported.intents[step - 1]
        let count = imported.intents.count
        session?.add(
            .intent, title: LazyTitle(caseOf: intent), source: name, step: step,
            target: .imported(batch: batch, step: step),
            details: { [weak self] in
                var fields = ["payload": String(customDumping: intent), "imported": "step \(step) of \(count)"]
                if let self, let before = self.importedState(batch: batch, step: step - 1),
                    let after = self.importedState(batch: batch, step: step)
                {
                    fields["state"] = String(customDumping: after)
                    fields["diff"] = diff(before, after) ?? "(no change)"
                }
                return fields
            }
        ) { ["payload": InspectorSession.preview(intent), "imported": "step \(step) of \(count)"] }
        guard importPolicy.sendsLive(intent), let store else { return false }
        store.send(intent)  // held, like any other, while the store travels
        return true
    }

    /// The state after `step` intents of import `batch`, replayed through the reducer onto the state the import was
    /// made on — no effect runs, the store is untouched. `nil` when that import was replaced.
    func importedState(batch: Int, step: Int) -> State? {
        guard let imported, imported.batch == batch, let store, step >= 0, step <= imported.intents.count else {
            return nil
        }
        var from = (step: 0, state: imported.base)
        if let cursor = importCursor, cursor.batch == batch, cursor.step <= step {
            from = (step: cursor.step, state: cursor.state)
        }
        let state = store.replayed(imported.intents[from.step..<step], onto: from.state)
        importCursor = (batch: batch, step: step, state: state)
        return state
    }
}
