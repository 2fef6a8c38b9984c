import Conductor
import ConductorInspector
import Foundation
import Testing

@MainActor
struct InspectorSessionTests {
    func makeStore() -> Store<Counter, CounterIntent, CounterEffect> {
        Store(state: Counter(), reducer: counterReducer)
    }

    @Test func actionsCommandsIntentsAndEffectsBecomeEventsWithDetails() async throws {
        let session = try InspectorSession()
        let store = makeStore()
        store.addEffectHandler { _, _ in }
        let router = ActionRouter(name: "app")
        let dispatcher = ActionDispatcher(name: "Screen", router: router)
        try dispatcher.register(ShowCount.self) { _ in }
        let commands = CommandManager()
        commands.register(CountCommand(store: store))
        session.watch(router)
        session.watch(store, name: "counter")
        session.watch(commands)

        try ShowCount(count: 1).send(to: router)
        try await commands.perform(identifier: "menu.Count")
        store.send(.increment)
        store.send(.increment)
        await store.waitForEffects()

        let events = session.events
        #expect(
            events.map(\.kind).filter { $0 != .validation } == [
                .action, .intent, .command, .intent, .intent, .effect, .effect,
            ])
        let action = try #require(events.first)
        #expect(action.title == "ShowCount" && action.fields["dispatcher"] == "Screen")
        #expect(action.fields["payload"]?.contains("count: 1") == true)
        let intent = try #require(events.first { $0.kind == .intent })
        #expect(intent.step == 1 && intent.source == "counter")
        #expect(intent.fields["diff"]?.contains("+   count: 1") == true)
        #expect(events.first { $0.kind == .command }?.title == "menu.Count")
        #expect(events.last?.fields["outcome"] == "completed")
    }

    @Test func theRingKeepsTheNewestEventsAndCountsTheOthers() throws {
        let session = try InspectorSession(configuration: InspectorConfiguration(capacity: 3))
        let store = makeStore()
        session.watch(store, name: "counter")
        for index in 0..<5 { store.send(.note("\(index)")) }
        #expect(session.events.map(\.title) == ["note", "note", "note"])
        #expect(session.events.map(\.sequence) == [3, 4, 5])
        #expect(session.evictedCount == 2)
    }

    @Test func travellingToStepKShowsTheInitialStateWithKIntentsReplayed() throws {
        let session = try InspectorSession()
        let store = makeStore()
        store.send(.note("before"))
        session.watch(store, name: "counter")
        let intents: [CounterIntent] = [.increment, .note("a"), .increment, .increment, .note("b")]
        for intent in intents { store.send(intent) }
        let live = store.state
        let steps = session.events.filter { $0.kind == .intent }
        for (k, event) in steps.enumerated() {
            try session.travel(to: event.sequence)
            var expected = Counter(count: 0, log: ["before"])
            for intent in intents.prefix(k + 1) { _ = counterReducer(&expected, intent) }
            #expect(store.state == expected, "step \(k + 1)")
            #expect(session.isTraveling)
        }
        session.resume()
        #expect(store.state == live)
        #expect(!session.isTraveling)
    }

    /// A long session costs bounded memory: the oldest intents are folded into the state they led to, and every step
    /// the timeline still shows can be travelled to.
    @Test func aWatchedStoreKeepsABoundedNumberOfIntentsAndStillTravels() throws {
        let session = try InspectorSession()
        session.maximumKeptIntents = 8
        let store = makeStore()
        session.watch(store, name: "counter")
        for _ in 0..<25 { store.send(.increment) }
        let steps = session.events.filter { $0.kind == .intent }
        #expect(steps.count == 25)
        try session.travel(to: steps[21].sequence)  // step 22, still kept
        #expect(store.state.count == 22)
        #expect {
            try session.travel(to: steps[1].sequence)  // step 2, folded away
        } throws: { error in
            (error as? InspectorError)?.code == .cannotTravel && "\(error)".contains("older than the 8 intents")
        }
        session.resume()
        #expect(store.state.count == 25)
    }

    @Test func travelToAnEventThatIsNotAnIntentIsATypedError() throws {
        let session = try InspectorSession()
        let router = ActionRouter(name: "app")
        session.watch(router)
        #expect(throws: ActionError.self) { try ShowCount(count: 1).send(to: router) }
        let sequence = try #require(session.events.first?.sequence)
        #expect {
            try session.travel(to: sequence)
        } throws: { error in
            (error as? InspectorError)?.code == .cannotTravel
        }
    }

    @Test func theExportIsConductorsRecordingFormat() throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter", test: nil)
        store.send(.increment)
        store.send(.note("x"))
        let recording = session.exportRecording()
        let (lines, skipped) = try Recording.lines(in: Data(recording.utf8))
        #expect(skipped.isEmpty)
        #expect(lines.filter { $0.kind == .intent }.count == 2)
        let log = try IntentLog<CounterIntent>(recording: recording)
        #expect(log.intents == [.increment, .note("x")])
    }

    @Test func theTestExportReplaysTheSessionWithTestStore() throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(
            store, name: "counter", test: TestExport(module: "ConductorInspectorTests", reducer: "counterReducer"))
        store.send(.increment)
        store.send(.note(##"quote " and "# hash"##))
        let source = try session.exportTest()
        #expect(source.contains("@testable import ConductorInspectorTests"))
        #expect(source.contains("TestStore(initialState: initialState, reducer: counterReducer)"))
        #expect(source.contains("@Test func replaysTheInspectedSession_counter()"))
        #expect(source.contains(##""{\"note\":{\"_0\":\"quote \\\" and \\\"# hash\"}}""##))
    }

    @Test func aSessionWithNothingExportableSaysWhatIsMissing() throws {
        let session = try InspectorSession()
        session.watch(makeStore(), name: "counter")
        #expect {
            try session.exportTest()
        } throws: { error in
            (error as? InspectorError)?.code == .cannotExportTest
        }
    }

    @Test func aCapacityBelowOneIsRefused() {
        #expect(throws: InspectorError.self) {
            try InspectorSession(configuration: InspectorConfiguration(capacity: 0))
        }
    }

    @Test func theTreeAndStacksAreRecordedAsTheyChangeWithOrWithoutAPage() throws {
        let session = try InspectorSession()
        let root = BaseCoordinator(actionRouter: nil)
        let router = HeadlessNavigationRouter(name: "main")
        session.watch(root)
        session.watch(router)
        final class Screen: Presentable {
            let moduleName: String
            init(_ name: String) { moduleName = name }
        }
        try router.setRoot(Screen("List"), hideBar: false)
        let store = makeStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        // No page: the stack is recorded all the same.
        #expect(session.events.last { $0.kind == .navigation }?.stacks?.first?.modules == ["List"])
        let page = session.connect()
        try router.push(Screen("Detail"), animated: true, hidesBottomBar: false, onPop: nil)
        store.send(.increment)
        let navigation = try #require(session.events.last { $0.kind == .navigation })
        #expect(navigation.stacks?.first?.modules == ["List", "Detail"])
        #expect(navigation.tree?.name == "BaseCoordinator" && navigation.tree?.isActive == true)
        page.disconnect()
    }

    /// A tap left on a router once held its session unowned: a send after the session was gone crashed.
    @Test func aTapOutlivingItsSessionDoesNothing() throws {
        let router = ActionRouter(name: "app")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowCount.self) { _ in }
        do {
            let session = try InspectorSession()
            session.watch(router)
        }
        try ShowCount(count: 1).send(to: router)
        #expect(router.middlewares.count == 1)
    }

    @Test func detachingRemovesEveryTapFromWhatWasWatched() throws {
        let session = try InspectorSession()
        let router = ActionRouter(name: "app")
        let store = makeStore()
        let commands = CommandManager()
        let root = BaseCoordinator(actionRouter: nil)
        // The app's own observers, which the session must leave alone.
        store.addEffectObserver(root) { _ in }
        root.addDeepLinkObserver(root) { _ in }
        session.watch(router)
        session.watch(store, name: "counter")
        session.watch(commands)
        session.watch(root)
        #expect(store.effectObserverCount == 2 && root.deepLinkObserverCount == 2)
        let recorded = session.events.count
        session.detach()
        #expect(router.middlewares.isEmpty)
        #expect(store.middlewares.isEmpty)
        #expect(store.effectObserverCount == 1)
        #expect(root.deepLinkObserverCount == 1)
        store.send(.increment)
        #expect(session.events.count == recorded + 0)
        #expect(!session.events.contains { $0.kind == .intent })
    }

    @Test func aPageThatDoesNotReadNeverBlocksTheAppItsMessagesAreDroppedAndCounted() async throws {
        let session = try InspectorSession(configuration: InspectorConfiguration(clientBuffer: 2))
        let store = makeStore()
        session.watch(store, name: "counter")
        let page = session.connect()
        for _ in 0..<10 { store.send(.increment) }
        #expect(session.droppedForClients == 9)  // the hello and 10 events for room for 2
        var received: [String] = []
        for await message in page.messages {
            received.append(message)
            if received.count == 2 { break }
        }
        #expect(received.last?.contains(#""dropped":8"#) == true)
        page.disconnect()
        #expect(session.pageCount == 0)
    }

    // MARK: Import and travel never touch live data (issue 22, S3)

    /// A store whose effect runs are logged, so a test can tell that none ran.
    func makeLoggedStore() -> (Store<Counter, CounterIntent, CounterEffect>, EffectLog) {
        let store = makeStore()
        let log = EffectLog()
        store.addEffectHandler { effect, _ in await log.add(effect) }
        return (store, log)
    }

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

    /// Time travel left the store live: what the screens sent while it showed the past ran, effects and all.
    @Test func whileTravellingIntentsAreHeldAndResumeProcessesThemInOrder() async throws {
        let session = try InspectorSession()
        let (store, log) = makeLoggedStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        store.send(.increment)
        let first = try #require(session.events.first { $0.kind == .intent })
        try session.travel(to: first.sequence)
        #expect(store.state == Counter(count: 1, log: []))

        store.send(.increment)  // live, the third: it asks for announce(3)
        store.send(.note("held"))

        #expect(store.state == Counter(count: 1, log: []))
        #expect(session.heldIntentCount == 2)
        await store.waitForEffects()
        #expect(await log.effects.isEmpty)
        session.resume()
        #expect(store.state == Counter(count: 3, log: ["held"]))
        #expect(session.heldIntentCount == 0 && !session.isTraveling)
        await store.waitForEffects()
        #expect(await log.effects == [.announce(3)])
    }

    @Test func aTravellingStoreThatHoldsTooManyIntentsResumesOnItsOwnLosingNone() async throws {
        let session = try InspectorSession()
        session.maximumHeldIntents = 3
        let store = makeStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        let first = try #require(session.events.first { $0.kind == .intent })
        try session.travel(to: first.sequence)

        for _ in 0..<3 { store.send(.increment) }
        for _ in 0..<100 where session.isTraveling { await Task.yield() }

        #expect(!session.isTraveling)
        #expect(store.state.count == 4)
    }

    @Test func detachingWhileTravellingReturnsTheStoreToLiveWithWhatItHeld() throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        store.send(.increment)
        try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
        store.send(.note("held"))

        session.detach()

        #expect(store.state == Counter(count: 2, log: ["held"]))
        #expect(store.middlewares.isEmpty)
    }

    @Test func aStoreLeftTravellingByASessionThatWentAwayReturnsToLiveOnItsNextIntent() throws {
        let store = makeStore()
        do {
            let session = try InspectorSession()
            session.watch(store, name: "counter")
            store.send(.increment)
            store.send(.increment)
            try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
            store.send(.note("held"))
            #expect(store.state == Counter(count: 1, log: []))
        }

        store.send(.note("after"))

        #expect(store.state == Counter(count: 2, log: ["held", "after"]))
    }

    // MARK: A page's cost is what it shows (issue 22, S5)

    /// Connecting a page once sent every event with the whole state twice and a diff: 18.2 MB and 27 s of main-actor
    /// time with 1,000 items.
    @Test func aConnectingPageIsSentTheNewestWindowWithoutStatesAndAsksForTheRest() async throws {
        let session = try InspectorSession()
        session.pageWindow = 3
        let store = makeStore()
        session.watch(store, name: "counter")
        for _ in 0..<10 { store.send(.increment) }
        let page = session.connect()

        let hello = try await receive(page, until: "hello")
        let events = try #require(hello.events)
        #expect(events.map(\.sequence) == [8, 9, 10])
        #expect(hello.earlier == 7)
        #expect(events.allSatisfy { $0.fields["state"] == nil && $0.fields["diff"] == nil })

        await page.send(#"{"type":"details","sequence":10}"#)
        let details = try await receive(page, until: "details")
        #expect(details.event?.fields["state"]?.contains("count: 10") == true)
        #expect(details.event?.fields["diff"]?.contains("+   count: 10") == true)

        await page.send(#"{"type":"history","before":8}"#)
        let history = try await receive(page, until: "history")
        #expect(history.events?.map(\.sequence) == [5, 6, 7])
        #expect(history.earlier == 4)
        page.disconnect()
    }

    @Test func aPageIsSentAPreviewOfALongPayloadAndTheWholeOnRequest() async throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter")
        let long = String(repeating: "x", count: 5_000)
        store.send(.note(long))
        let page = session.connect()

        let hello = try await receive(page, until: "hello")
        let payload = try #require(hello.events?.first?.fields["payload"])
        #expect(payload.count == 201 && payload.hasSuffix("…"))
        await page.send(#"{"type":"details","sequence":1}"#)
        let details = try await receive(page, until: "details")
        #expect(details.event?.fields["payload"]?.contains(long) == true)
        page.disconnect()
    }

    @Test func aPageMessageThatIsNotARequestIsToldBackNotObeyed() async throws {
        let session = try InspectorSession()
        let page = session.connect()

        await page.send("{not json")
        await page.send(#"{"type":"format-disk"}"#)

        #expect(session.events.map(\.kind) == [.inspector, .inspector])
        #expect(session.events.allSatisfy { $0.title.hasPrefix("ignored") })
        page.disconnect()
    }

    @Test func anImportFromAPageIsViewedAndTheLiveStoreKeepsItsState() async throws {
        let session = try InspectorSession()
        let (store, log) = makeLoggedStore()
        session.watch(store, name: "counter", test: nil)
        let text = try recording(Array(repeating: .increment, count: 600))
        let request = try JSONEncoder().encode(["type": "import", "recording": text])
        let page = session.connect()

        await page.send(String(decoding: request, as: UTF8.self))

        #expect(store.state == Counter())
        #expect(session.events.filter { $0.fields["imported"] != nil }.count == 600)
        #expect(session.events.last?.title.hasPrefix("imported 600 intent(s) to view") == true)
        await store.waitForEffects()
        #expect(await log.effects.isEmpty)
        page.disconnect()
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

    /// Reads a page's messages until one of `type`.
    func receive(_ page: InspectorPage, until type: String) async throws -> ReceivedMessage {
        for await text in page.messages {
            let message = try JSONDecoder().decode(ReceivedMessage.self, from: Data(text.utf8))
            if message.type == type { return message }
        }
        throw PageEnded()
    }
}

/// A message to a page, as the page reads it.
struct ReceivedMessage: Decodable {
    let type: String
    let events: [InspectorEvent]?
    let event: InspectorEvent?
    let earlier: Int?
}

/// The page's stream ended before the message a test waited for.
struct PageEnded: Error {}

/// An app's input rule refusing an imported intent.
struct Refused: Error, CustomStringConvertible {
    var description: String { "control characters are not text" }
}

/// The effects a store ran, in order.
actor EffectLog {
    private(set) var effects: [CounterEffect] = []
    func add(_ effect: CounterEffect) { effects.append(effect) }
}
