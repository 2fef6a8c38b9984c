import Conductor
import ConductorInspector
import Foundation
import Testing

@MainActor
struct InspectorSessionTests {
    func makeStore() -> Store<Counter, CounterIntent, CounterEffect> {
        Store(state: Counter(), reducer: counterReducer)
    }

    /// A store whose effect runs are logged, so a test can tell that none ran.
    func makeLoggedStore() -> (Store<Counter, CounterIntent, CounterEffect>, EffectLog) {
        let store = makeStore()
        let log = EffectLog()
        store.add(effectHandler: ClosureEffectHandler { effect, _ in await log.add(effect) })
        return (store, log)
    }

    @Test func actionsCommandsIntentsAndEffectsBecomeEventsWithDetails() async throws {
        let session = try InspectorSession()
        let store = makeStore()
        store.add(effectHandler: ClosureEffectHandler { _, _ in })
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
        store.addEffectObserver(owner: root) { _ in }
        root.addDeepLinkObserver(owner: root) { _ in }
        session.watch(router)
        session.watch(store, name: "counter")
        session.watch(commands)
        session.watch(root)
        let recorded = session.events.count
        session.detach()
        #expect(router.middlewares.isEmpty)
        #expect(store.middlewares.isEmpty)
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
