import Conductor
import ConductorInspector
import Foundation
import Testing

/// Imports never touch live data (issue 22, S3): an imported session is viewed, not executed, whether it is read
/// whole or sent by a page in chunks.
extension InspectorSessionTests {
    /// A recording of `intents` as the inspector's export writes them.
    func recording(_ intents: [CounterIntent]) throws -> String {
        let type = String(reflecting: CounterIntent.self)
        var text = ""
        for intent in intents { text += try Recording.line(kind: .intent, type: type, payload: intent) + "\n" }
        return text
    }

    /// The import replayed every intent, with its effects, into the live store: the demo's rows were overwritten
    /// and deleted.
    @Test func anImportedSessionIsViewedNotExecuted() async throws {
        let session = try InspectorSession()
        let (store, log) = makeLoggedStore()
        store.send(.note("live"))
        session.watch(store, name: "counter", test: nil)
        let live = store.state

        let text = try recording([.increment, .increment, .increment, .note("imported")])
        let report = try session.importRecording(text)

        #expect(report == ImportReport(imported: 4, sentLive: 0, ignored: 0, skipped: []))
        #expect(store.state == live)
        let imported = session.events.filter { $0.kind == .intent && $0.fields["imported"] != nil }
        #expect(imported.map(\.title) == ["increment", "increment", "increment", "note"])
        let last = try #require(imported.last)
        #expect(last.fields["state"]?.contains(#""imported""#) == true)
        try session.travel(to: last.sequence)
        #expect(store.state == Counter(count: 3, log: ["live", "imported"]))
        session.resume()
        #expect(store.state == live)
        await store.waitForEffects()
        #expect(await log.effects.isEmpty)  // the third increment asks for announce(3): never run
        #expect(!session.events.contains { $0.kind == .effect })
        #expect(session.exportRecording().contains(#""kind":"importedIntent""#))
    }

    @Test func onlyTheIntentsTheAppAllowsAreSentToTheLiveStore() throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(
            store, name: "counter", test: nil, imports: ImportPolicy<CounterIntent>(sendsLive: { $0 == .increment }))

        let report = try session.importRecording(try recording([.increment, .note("x"), .increment]))

        #expect(report.imported == 3 && report.sentLive == 2)
        #expect(store.state == Counter(count: 2, log: []))
    }

    /// Imported text bypassed the app's input rules: terminal escapes were stored and printed at every launch.
    @Test func importedIntentsTheAppsRulesRefuseAreReportedAndNeitherShownNorSent() throws {
        let session = try InspectorSession()
        let store = makeStore()
        let policy = ImportPolicy<CounterIntent>(
            validate: { intent in
                guard case .note(let text) = intent else { return }
                if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    throw Refused()
                }
            },
            sendsLive: { _ in true })
        session.watch(store, name: "counter", test: nil, imports: policy)

        let report = try session.importRecording(try recording([.note("ok"), .note("\u{1B}[2J"), .increment]))

        #expect(report.imported == 2 && report.sentLive == 2)
        #expect(report.skipped.map(\.code) == [.replayFailed] && report.skipped.first?.line == 2)
        #expect(report.skipped.first?.reason.contains("control characters are not text") == true)
        #expect(store.state == Counter(count: 1, log: ["ok"]))
        #expect(!session.events.contains { $0.fields["payload"]?.contains("[2J") == true })
    }

    @Test func aBrokenRecordingIsReportedLineByLineNeverACrash() async throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter", test: nil)
        let type = String(reflecting: CounterIntent.self)
        var data = Data(try recording([.increment]).utf8)
        data.append(contentsOf: [0xFF, 0xFE, 0x22, 0x0A])  // line 2: not UTF-8
        for line in [
            #"{"kind":"intent""#,  // 3: not JSON
            #"{"kind":"intent","payload":{"explode":{}},"type":"\#(type)"}"#,  // 4: not a CounterIntent
            #"{"kind":"intent","payload":{},"type":"Elsewhere.Intent"}"#,  // 5: no watched store's type
            #"{"kind":"action","payload":{},"type":"Show"}"#,  // 6: not an intent
            #"{"kind":"intent","payload":{"note":{"_0":"deep"}},"type":"\#(type)"}"#,
        ] {
            data.append(Data((line + "\n").utf8))
        }

        let report = try await session.importRecording(data)

        #expect(report.imported == 2 && report.ignored == 1)
        #expect(report.skipped.map(\.code) == [.invalidUTF8, .malformedLine, .undecodable, .unknownType])
        #expect(report.skipped.map(\.line) == [2, 3, 4, 5])
        #expect(store.state == Counter())
    }

    @Test func aRecordingPastTheLimitsIsRefusedWholeWithATypedError() async throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter", test: nil)
        let text = try recording(Array(repeating: .increment, count: 10))

        session.maximumImportBytes = text.utf8.count - 1
        await #expect {
            try await session.importRecording(Data(text.utf8))
        } throws: { error in
            (error as? RecordingError)?.code == .unreadable
        }
        session.maximumImportBytes = text.utf8.count
        session.maximumImportLines = 9
        #expect {
            try session.importRecording(text)
        } throws: { error in
            (error as? RecordingError)?.code == .unreadable
        }
        #expect(!session.events.contains { $0.fields["imported"] != nil })

        session.maximumImportLines = 10
        #expect(try session.importRecording(text).imported == 10)
    }

    @Test func travelToAStepOfAnImportALaterOneReplacedIsATypedError() throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter", test: nil)
        try session.importRecording(try recording([.increment]))
        let replaced = try #require(session.events.first { $0.fields["imported"] != nil })
        try session.importRecording(try recording([.note("newer")]))

        #expect {
            try session.travel(to: replaced.sequence)
        } throws: { error in
            (error as? InspectorError)?.code == .cannotTravel
        }
        #expect(!session.isTraveling && store.state == Counter())
    }

    // MARK: Imports sent in chunks

    /// Sends `recording` from `page` as the inspector's page does with a file: `importBegin`, the bytes in chunks of
    /// `size`, `importEnd`.
    func sendInChunks(_ recording: String, of size: Int, from page: InspectorPage) async {
        await page.send(#"{"type":"importBegin"}"#)
        let bytes = Data(recording.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            page.send(chunk: bytes[start..<min(start + size, bytes.count)])
        }
        await page.send(#"{"type":"importEnd"}"#)
    }

    /// The imported events' titles and payloads, in order.
    func importedEvents(_ session: InspectorSession) -> [String] {
        session.events.filter { $0.fields["imported"] != nil }.map { "\($0.title) \($0.fields["payload"] ?? "")" }
    }

    @Test(arguments: [1, 7, 4_096])
    func aRecordingSentInChunksIsTheSameImportAsOneSentWhole(chunkSize: Int) async throws {
        // "café" puts a two-byte scalar across chunk boundaries for every size here.
        let text = try recording([.increment, .note("café"), .increment, .note(String(repeating: "é", count: 3_000))])
        let whole = try InspectorSession()
        whole.watch(makeStore(), name: "counter", test: nil)
        try await whole.importRecording(Data(text.utf8))
        let chunked = try InspectorSession()
        let store = makeStore()
        chunked.watch(store, name: "counter", test: nil)
        let page = chunked.connect()

        await sendInChunks(text, of: chunkSize, from: page)

        #expect(importedEvents(chunked).count == 4)
        #expect(importedEvents(chunked) == importedEvents(whole))
        #expect(chunked.events.last?.title == "imported 4 intent(s) to view")
        #expect(store.state == Counter())
        page.disconnect()
    }

    @Test func anImportPastTheByteLimitIsDroppedAsItArrivesAndShowsNothing() async throws {
        let session = try InspectorSession()
        session.watch(makeStore(), name: "counter", test: nil)
        session.maximumImportBytes = 10_240
        let page = session.connect()
        let text = try recording(Array(repeating: .note(String(repeating: "x", count: 100)), count: 200))
        #expect(text.utf8.count > 20_000)

        await sendInChunks(text, of: 4_096, from: page)

        #expect(importedEvents(session).isEmpty)
        #expect(session.events.contains { $0.title.hasPrefix("import failed: the recording is over 10240 bytes") })
        // The chunks after the refusal, and its end, are told back as not begun; a new import works.
        #expect(session.events.last?.title.hasPrefix("ignored the end of an import that was not begun") == true)
        await sendInChunks(try recording([.increment]), of: 4_096, from: page)
        #expect(importedEvents(session).count == 1)
        page.disconnect()
    }

    @Test func aChunkWithoutAnImportUnderWayIsToldBackNotRead() async throws {
        let session = try InspectorSession()
        session.watch(makeStore(), name: "counter", test: nil)
        let page = session.connect()

        page.send(chunk: Data(try recording([.increment]).utf8))
        await page.send(#"{"type":"importEnd"}"#)

        #expect(
            session.events.map(\.title).contains {
                $0.hasPrefix("ignored a chunk of an import that was not begun")
            })
        #expect(importedEvents(session).isEmpty)
        page.disconnect()
    }

    @Test func onePageSendsAnImportAtATimeAndAPageThatLeavesTakesItsImportWithIt() async throws {
        let session = try InspectorSession()
        session.watch(makeStore(), name: "counter", test: nil)
        let first = session.connect()
        let second = session.connect()
        await first.send(#"{"type":"importBegin"}"#)
        first.send(chunk: Data(try recording([.increment]).utf8))

        await second.send(#"{"type":"importBegin"}"#)
        #expect(session.events.last?.title.hasPrefix("import refused: another page is sending one") == true)

        first.disconnect()
        await sendInChunks(try recording([.note("second")]), of: 64, from: second)
        #expect(importedEvents(session) == importedEvents(session).filter { $0.contains("second") })
        #expect(importedEvents(session).count == 1)
        second.disconnect()
    }

    @Test func aLargeImportLetsTheAppRunBetweenItsBatches() async throws {
        let session = try InspectorSession(configuration: InspectorConfiguration(capacity: 10_000))
        let store = makeStore()
        session.watch(store, name: "counter", test: nil)
        let page = session.connect()
        let text = try recording(Array(repeating: .increment, count: 5_000))
        await page.send(#"{"type":"importBegin"}"#)
        page.send(chunk: Data(text.utf8))
        let importing = Task { await page.send(#"{"type":"importEnd"}"#) }

        // The test runs on the main actor, as the app does: it reads the first imported event only if the import
        // lets the main actor run, and then sends the app's own intent.
        for await message in page.messages where message.contains(#""imported":""#) { break }
        store.send(.note("live"))
        await importing.value

        let liveEvent = try #require(session.events.first { $0.kind == .intent && $0.fields["imported"] == nil })
        let report = try #require(session.events.first { $0.title.hasPrefix("imported 5000 intent(s) to view") })
        #expect(liveEvent.sequence < report.sequence, "the app's intent waited for the whole import")
        #expect(store.state.log == ["live"])
        page.disconnect()
    }
}
