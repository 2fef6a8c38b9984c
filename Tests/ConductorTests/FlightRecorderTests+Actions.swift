import Conductor
import ConductorTesting
import Foundation
import Testing

/// An action a screen sends outside any command — `ShowPage(page: 2).send()` — is a step: the replay sends what it
/// sent and brings the tree where it went.
extension FlightRecorderTests {
    struct ShowPage: Action { let page: Int }
    struct OpenCounter: Action {}
    struct Peek: Action {}

    /// A flow whose screens navigate by actions: `ShowPage` pushes a page and adds its number; `OpenCounter`
    /// presents a sheet that adds 100 as it starts.
    final class Shelf: FlowCoordinator<Void>, NavigatingFlow {
        enum Destination: Codable, Hashable, Sendable {
            case first
            case page(Int)
            case counter
        }
        let navigation = Navigation<Destination>(router: HeadlessNavigationRouter(name: "shelf"))
        let store: Store<Tally, TallyIntent, TallyEffect>

        init(store: Store<Tally, TallyIntent, TallyEffect>, actions: ActionRouter) throws {
            self.store = store
            super.init(actionRouter: actions)
            try dispatcher.register(ShowPage.self) { [weak self] action in
                guard let self else { return }
                try push(.page(action.page), animated: false)
                store.send(.add(action.page))
            }
            try dispatcher.register(OpenCounter.self) { [weak self] _ in try self?.present(.counter, animated: false) }
            try dispatcher.register(Peek.self) { _ in }
        }

        override func start() { try? setRoot(.first) }

        func content(for destination: Destination) throws -> NavigationContent {
            guard destination == .counter else { return .screen(Page("\(destination)")) }
            let counter = Counter(store: store)
            return .flow(counter, showing: counter.router, dismissedOutput: ())
        }
    }

    /// A sheet that sends an intent as it starts.
    final class Counter: FlowCoordinator<Void> {
        let router = HeadlessNavigationRouter(name: "counter")
        let store: Store<Tally, TallyIntent, TallyEffect>
        init(store: Store<Tally, TallyIntent, TallyEffect>) {
            self.store = store
            super.init(actionRouter: nil)
        }
        override func start() {
            try? router.setRoot(Page("counter"), hideBar: false)
            store.send(.add(100))
        }
    }

    /// An app whose shelf takes actions from a router of its own.
    func appWithShelf() throws -> (App, Shelf, ActionRouter) {
        let app = App()
        let actions = ActionRouter(name: "shelf window")
        let shelf = try Shelf(store: app.store, actions: actions)
        app.root.startChild(shelf)
        return (app, shelf, actions)
    }

    @Test func anActionSentOutsideAnyCommandIsAStepTheReplayMakes() async throws {
        let (app, shelf, actions) = try appWithShelf()
        let recorder = app.record(withRoot: true)
        try actions.send(ShowPage(page: 2))
        _ = await app.store.waitForEffects(timeout: .seconds(120))
        await app.perform(#"Add("n": 1)"#)
        try actions.send(ShowPage(page: 5))
        _ = await app.store.waitForEffects(timeout: .seconds(120))

        let report = try AppTestScript.read(try recorder.reportJSON())
        #expect(report.steps.map(\.command) == ["(action)", #"Add("n": 1)"#, "(action)"])
        #expect(report.steps.first?.action == "FlightRecorderTests.ShowPage")
        #expect(report.steps.first?.sends == [#"{"add":{"_0":2}}"#], "what the action's handler sent")
        let (fresh, freshShelf, freshActions) = try appWithShelf()
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(freshShelf.navigationState == shelf.navigationState)
        #expect(freshShelf.navigationState.stack == [.first, .page(2), .page(5)])
        #expect(fresh.store.state == app.store.state)
        _ = freshActions
    }

    /// The sheet an action opened sends as it starts: the replay opens it again, and its start's intent is not sent
    /// twice (once from the report, once from the sheet).
    @Test func whatAFlowAnActionStartedSendsIsReplayedOnce() async throws {
        let (app, shelf, actions) = try appWithShelf()
        let recorder = app.record(withRoot: true)
        try actions.send(OpenCounter())
        _ = await app.store.waitForEffects(timeout: .seconds(120))
        #expect(app.store.state.count == 100)

        let report = try AppTestScript.read(try recorder.reportJSON())
        #expect(report.steps.map(\.action) == ["FlightRecorderTests.OpenCounter"])
        #expect(report.steps.first?.sends == [#"{"add":{"_0":100}}"#], "what the sheet sent as it started")
        let (fresh, freshShelf, _) = try appWithShelf()
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(freshShelf.navigationState.presented == .counter)
        #expect(fresh.store.state.count == 100)
        _ = shelf
    }

    /// An action that moved nothing and sent nothing leaves the intents around it in one step.
    @Test func anActionThatMovedNothingLeavesTheSendsAroundItInOneStep() async throws {
        let (app, _, actions) = try appWithShelf()
        let recorder = app.record(withRoot: true)
        app.store.send(.add(1))
        try actions.send(Peek())
        app.store.send(.add(2))
        _ = await app.store.waitForEffects(timeout: .seconds(120))
        let report = try recorder.report()
        #expect(report.steps.map(\.command) == ["(intents)"])
        #expect(report.steps.first?.sends == [#"{"add":{"_0":1}}"#, #"{"add":{"_0":2}}"#])
    }

    /// An action a command sends belongs to the command's step, which the replay performs: no step of its own.
    @Test func anActionACommandSendsIsTheCommandsStep() async throws {
        let (app, shelf, actions) = try appWithShelf()
        app.commands.register(ClosureCommand("Show") { _ in try actions.send(ShowPage(page: 3)) })
        let recorder = app.record(withRoot: true)
        await app.perform("Show")
        let report = try AppTestScript.read(try recorder.reportJSON())
        #expect(report.steps.map(\.command) == ["Show"])

        let (fresh, freshShelf, freshActions) = try appWithShelf()
        fresh.commands.register(ClosureCommand("Show") { _ in try freshActions.send(ShowPage(page: 3)) })
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(freshShelf.navigationState == shelf.navigationState)
    }

    /// Another window's action, which changed nothing in this window and sent nothing, is no step of this one.
    @Test func anotherWindowsActionIsNoStep() async throws {
        let (app, _, _) = try appWithShelf()
        let (other, otherShelf, otherActions) = try appWithShelf()
        let recorder = app.record(withRoot: true)
        try otherActions.send(ShowPage(page: 2))
        _ = await app.store.waitForEffects(timeout: .seconds(120))
        await app.perform(#"Add("n": 1)"#)
        let report = try recorder.report()
        #expect(report.steps.map(\.command) == [#"Add("n": 1)"#])
        #expect(otherShelf.navigationState.stack == [.first, .page(2)])
        _ = other
    }
}
