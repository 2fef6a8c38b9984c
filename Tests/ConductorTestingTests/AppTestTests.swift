import ConductorCommands
import ConductorCoordinators
import ConductorRecording
import ConductorStore
import ConductorTesting
import Foundation
import Testing

/// An app test performs a script's commands against an app and reports every way it differs.
@MainActor
struct AppTestTests {
    struct Tally: Codable, Equatable {
        var count = 0
        var note = ""
    }

    enum TallyIntent: Intent, Codable, Equatable {
        case add(Int)
        case noted(String)
    }

    enum TallyEffect: Effect { case note(Int) }

    final class Page: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    /// A flow of pages: its navigation is a value, which the tree saves.
    final class Pages: FlowCoordinator<Void>, NavigatingFlow {
        enum Destination: Codable, Hashable, Sendable {
            case first
            case page(Int)
        }
        let router = HeadlessNavigationRouter(name: "pages")
        let navigation: Navigation<Destination>
        init() {
            navigation = Navigation(router: router)
            super.init(actionRouter: nil)
        }
        override func start() { try? setRoot(.first) }
        func content(for destination: Destination) throws -> NavigationContent {
            switch destination {
            case .first: .screen(Page("first"))
            case .page(let index): .screen(Page("page \(index)"))
            }
        }
        /// Pushes the next page.
        func pushNext() throws { try push(.page(navigationState.stack.count - 1), animated: false) }
    }

    /// An app: `Add(n: 2)` adds, its effect feeds back a note; `Push` pushes a page; `Fail` fails.
    @MainActor
    final class App {
        let store: Store<Tally, TallyIntent, TallyEffect>
        let commands = CommandManager()
        let root = BaseCoordinator(actionRouter: nil)
        let pages = Pages()

        init(reducer: @escaping (inout Tally, TallyIntent) -> [TallyEffect] = App.reducer) {
            store = Store(state: Tally(), reducer: reducer)
            store.add(
                effectHandler: ClosureEffectHandler { effect, send in
                    if case .note(let count) = effect { await send(.noted("at \(count)")) }
                })
            root.run()
            root.startChild(pages)
            commands.register(
                ClosureCommand("Add") { [store] context in store.send(.add(try context.int("n"))) })
            commands.register(
                ClosureCommand("Push") { [pages] _ in try pages.pushNext() })
            commands.register(ClosureCommand("Fail") { _ in throw CancellationError() })
        }

        nonisolated static func reducer(_ state: inout Tally, _ intent: TallyIntent) -> [TallyEffect] {
            switch intent {
            case .add(let n):
                state.count += n
                return [.note(state.count)]
            case .noted(let text):
                state.note = text
                return []
            }
        }

        func test(_ script: AppTestScript, mode: AppTest<Tally, TallyIntent, TallyEffect>.Mode = .exhaustive)
            -> AppTest<Tally, TallyIntent, TallyEffect>
        {
            AppTest(script, store: store, commands: commands, root: root, mode: mode, effectsTimeout: .seconds(120))
        }
    }

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The script of `Add(n: 2)` then `Push`, as the app does them.
    func script() throws -> AppTestScript {
        let recorded = App()
        let initialNavigation = try json(NavigationTree.capture(recorded.root).tree)
        try recorded.pages.pushNext()
        let pushed = try json(NavigationTree.capture(recorded.root).tree)
        return AppTestScript(
            store: "tally", initialState: try json(Tally()), initialNavigation: initialNavigation,
            steps: [
                .init(
                    command: #"Add("n": 2)"#,
                    intents: [try json(TallyIntent.add(2)), try json(TallyIntent.noted("at 2"))],
                    state: try json(Tally(count: 2, note: "at 2")), stateBefore: try json(Tally())),
                .init(command: "Push", navigation: pushed),
            ])
    }

    @Test func anAppThatDoesWhatTheScriptRecordedHasNoDifference() async throws {
        let report = await App().test(try script()).run()
        #expect(report.performed == 2)
        #expect(report.differences.isEmpty, "\(report.differences)")
    }

    @Test func aChangedReducerIsADifferenceInTheIntentsAndTheState() async throws {
        let doubling = App { state, intent in
            if case .add(let n) = intent { return App.reducer(&state, .add(n * 2)) }
            return App.reducer(&state, intent)
        }
        let report = await doubling.test(try script()).run()
        #expect(report.differences.map(\.what) == ["intents", "state"])
        #expect(report.differences.first?.description.contains("Step 1 (Add(\"n\": 2))") == true)
    }

    @Test func navigationThatDiffersIsADifference() async throws {
        var script = try script()
        script.steps[1].command = #"Add("n": 0)"#
        script.steps[1].intents = []
        let report = await App().test(script).run()
        #expect(report.differences.map(\.what).contains("navigation"))
    }

    @Test func aStepThatRecordedNoNavigationMustLeaveTheTreeAsItFoundIt() async throws {
        // A regression: `Add` now also pushes a page. The script's `Add` step recorded no tree.
        let pushing = App()
        pushing.commands.unregister("Add")
        pushing.commands.register(
            ClosureCommand("Add") { [store = pushing.store, pages = pushing.pages] context in
                store.send(.add(try context.int("n")))
                try pages.push(.page(99), animated: false)
            })
        let report = await pushing.test(try script()).run()
        #expect(report.differences.map(\.step) == [1, 2])
        #expect(report.differences.allSatisfy { $0.what == "navigation" })
        // Checked only where recorded, the non-exhaustive mode lets the first step pass.
        let relaxed = await App().test(try script(), mode: .nonExhaustive).run()
        #expect(relaxed.differences.isEmpty)
    }

    @Test func anEffectThatNeverEndsIsReportedNotWaitedForForever() async throws {
        let app = App()
        app.store.add(
            effectHandler: ClosureEffectHandler { effect, _ in
                if case .note = effect { try? await Task.sleep(for: .seconds(3_600)) }  // a timer that never ends
            })
        let test = AppTest(
            try script(), store: app.store, commands: app.commands, root: app.root,
            effectsTimeout: .milliseconds(50))
        let report = await test.run()
        #expect(report.differences.contains { $0.step == 1 && $0.what == "effects" })
        app.store.cancelAllEffects()
    }

    @Test func aCommandThatFailsOtherwiseThanRecordedIsADifference() async throws {
        var script = try script()
        script.steps.append(.init(command: "Fail"))
        script.steps.append(.init(command: "Missing"))
        let report = await App().test(script).run()
        #expect(report.differences.map(\.step) == [3, 4])
        #expect(report.differences.allSatisfy { $0.what == "result" })
    }

    @Test func theNonExhaustiveModeChecksOnlyWhatTheScriptRecorded() async throws {
        var script = try script()
        script.steps[0].intents.removeLast()  // the fed-back note was not recorded
        script.steps[1].navigation = nil
        let exhaustive = await App().test(script).run()
        // A step that recorded no tree must leave the tree as it found it: the push is a difference.
        #expect(exhaustive.differences.map(\.what) == ["intents", "navigation"])
        let relaxed = await App().test(script, mode: .nonExhaustive).run()
        #expect(relaxed.differences.isEmpty)
        // What the step changed is still checked.
        let doubling = App { state, intent in
            if case .add(let n) = intent { return App.reducer(&state, .add(n * 2)) }
            return App.reducer(&state, intent)
        }
        let changed = await doubling.test(script, mode: .nonExhaustive).run()
        #expect(changed.differences.map(\.what).contains("state.count"))
    }

    @Test func aStartOtherThanRecordedIsADifference() async throws {
        var script = try script()
        script.initialState = try json(Tally(count: 9))
        let report = await App().test(script).run()
        #expect(report.differences.first?.step == 0)
        #expect(report.differences.first?.what == "state")
    }

    /// A link the system opened is a step: the test opens it as the app does, and compares what it caused.
    @Test func aStepThatOpenedALinkOpensItAgain() async throws {
        var script = try script()
        script.steps[1] = .init(command: "(link)", openedLink: "tally://push", navigation: script.steps[1].navigation)
        let app = App()
        var opened: [String] = []
        let report = await AppTest(
            script, store: app.store, commands: app.commands, root: app.root, effectsTimeout: .seconds(120),
            openLink: { [pages = app.pages] url in
                opened.append(url)
                try pages.pushNext()
            }
        ).run()
        #expect(opened == ["tally://push"])
        #expect(report.differences.isEmpty, "\(report.differences)")
    }

    @Test func aLinkStepWithoutAWayToOpenLinksIsADifference() async throws {
        var script = try script()
        script.steps[1] = .init(command: "(link)", openedLink: "tally://push", navigation: script.steps[1].navigation)
        let report = await App().test(script).run()
        #expect(report.differences.first?.what == "result")
        #expect(report.differences.first?.actual.contains("no `openLink`") == true)
    }

    /// A platform step brings the tree to its recorded navigation; one whose navigation is not a tree says so.
    @Test func aPlatformStepBringsTheTreeToItsNavigationAndHostileNavigationIsADifference() async throws {
        let recorded = App()
        let initial = try json(NavigationTree.capture(recorded.root).tree)
        try recorded.pages.pushNext()
        let pushed = try json(NavigationTree.capture(recorded.root).tree)
        let back = AppTestScript(
            store: "tally", initialState: try json(Tally()), initialNavigation: initial,
            steps: [
                .init(command: "Push", navigation: pushed),
                .init(command: "(platform)", platform: "back in pages", navigation: initial),
            ])
        let app = App()
        let report = await app.test(back).run()
        #expect(report.differences.isEmpty, "\(report.differences)")
        #expect(app.pages.navigationState.stack == [.first])

        var hostile = back
        hostile.steps[1].navigation = "{\"version\": 99, \u{1B}[2J"
        let refused = await App().test(hostile).run()
        #expect(refused.differences.contains { $0.what == "result" && $0.actual.contains("does not decode") })
    }
}
