import Conductor
import ConductorTesting
import Foundation
import Testing

/// A flight recorder keeps the last steps within its budget, reports them redacted, and the report replays.
@MainActor
struct FlightRecorderTests {
    struct Tally: Codable, Equatable {
        var count = 0
        var note = ""
        var user: String?
    }

    enum TallyIntent: Intent, Codable, Equatable {
        case add(Int)
        case noted(String)
        case signIn(String)
    }

    enum TallyEffect: Effect { case note(Int) }

    /// An app: `Add(n: 2)` adds and its effect answers with a note; `SignIn(user: …)` keeps a name; `Fail` fails.
    @MainActor
    final class App {
        let store: Store<Tally, TallyIntent, TallyEffect>
        let commands = CommandManager()
        let root = BaseCoordinator(actionRouter: nil)

        /// An app, or another window of one: a command manager and a tree of its own over `sharing`'s store.
        init(sharing: Store<Tally, TallyIntent, TallyEffect>? = nil) {
            store = sharing ?? Store(state: Tally(), reducer: App.reducer)
            if sharing == nil { addEffectHandler() }
            root.run()
            commands.register(ClosureCommand("Add") { [store] context in store.send(.add(try context.int("n"))) })
            commands.register(
                ClosureCommand("SignIn") { [store] context in store.send(.signIn(try context.string("user"))) })
            commands.register(ClosureCommand("Fail") { _ in throw CancellationError() })
        }

        private func addEffectHandler() {
            store.add(
                effectHandler: ClosureEffectHandler { effect, send in
                    if case .note(let count) = effect { await send(.noted("at \(count)")) }
                })
        }

        nonisolated static func reducer(_ state: inout Tally, _ intent: TallyIntent) -> [TallyEffect] {
            switch intent {
            case .add(let n):
                state.count += n
                return [.note(state.count)]
            case .noted(let text):
                state.note = text
                return []
            case .signIn(let user):
                state.user = user
                return []
            }
        }

        /// A recorder of the app; of its tree and links only when asked (a recorder with a root observes the
        /// process's causes, which the library's other tests then pay for).
        func record(maximumBytes: Int = 1 << 20, redaction: Redaction = .allText, withRoot: Bool = false)
            -> FlightRecorder<Tally, TallyIntent, TallyEffect>
        {
            FlightRecorder(
                store: store, name: "tally", commands: commands, root: withRoot ? root : nil,
                maximumBytes: maximumBytes, redaction: redaction, appVersion: "1.0")
        }

        /// Performs a command and waits for its effects, as a user waits for the screen.
        func perform(_ identifier: String) async {
            try? await commands.perform(identifier: identifier)
            _ = await store.waitForEffects(timeout: .seconds(120))
        }

        func send(_ intent: TallyIntent) async {
            store.send(intent)
            _ = await store.waitForEffects(timeout: .seconds(120))
        }
    }

    @Test func aCommandsStepHoldsTheIntentsItCausedAndTheAnswersOfItsEffects() async throws {
        let app = App()
        let recorder = app.record()
        await app.perform(#"Add("n": 2)"#)
        let report = try recorder.report()
        #expect(report.steps.count == 1)
        #expect(report.steps.first?.command == #"Add("n": 2)"#)
        #expect(report.steps.first?.intents.count == 2)
        #expect(report.steps.first?.sends == [])
        #expect(report.appVersion == "1.0")
        #expect(report.version == AppTestScript.formatVersion)
    }

    @Test func anIntentTheAppSentItselfIsAStepThatSendsIt() async throws {
        let app = App()
        let recorder = app.record()
        await app.send(.add(1))
        let step = try #require(try recorder.report().steps.first)
        #expect(step.sends == [#"{"add":{"_0":1}}"#])
        #expect(step.intents.count == 2)
    }

    @Test func aReportReplayedIntoAFreshAppEndsWithTheSameStateAndNoDifference() async throws {
        let app = App()
        await app.perform(#"Add("n": 5)"#)
        let recorder = app.record()
        await app.perform(#"Add("n": 2)"#)
        await app.send(.add(1))
        await app.perform("Fail")
        await app.perform(#"SignIn("user": "ada")"#)
        let report = try AppTestScript.read(try recorder.reportJSON())
        #expect(report.steps.map(\.failure).compactMap { $0 }.count == 1)

        let fresh = App()
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(replay.performed == 4)
        #expect(fresh.store.state.count == app.store.state.count)
        #expect(fresh.store.state.note == app.store.state.note)
    }

    /// A subscriber's reaction: sends `.add(10)` when the count reaches 2.
    func react(in app: App) -> SubscriptionToken {
        app.store.subscribe(\.count) { [store = app.store] count in if count == 2 { store.send(.add(10)) } }
    }

    /// A subscriber that sends an intent while the store processes one the app sent on its own: the report holds
    /// the reaction, and the replay drops the replayed app's own (it applied it twice).
    @Test func anIntentASubscriberSendsInReactionIsReplayedOnce() async throws {
        let app = App()
        let reaction = react(in: app)
        let recorder = app.record()
        await app.send(.add(2))
        #expect(app.store.state.count == 12)
        let report = try AppTestScript.read(try recorder.reportJSON())
        #expect(report.steps.first?.sends == [#"{"add":{"_0":2}}"#, #"{"add":{"_0":10}}"#])

        let fresh = App()
        let freshReaction = react(in: fresh)
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(fresh.store.state.count == 12)
        _ = (reaction, freshReaction)
    }

    /// Two windows over one store, each with the subscriber: both react to one window's send. That window's report
    /// replays in an app of one window to the shared state — both reactions, none of the replayed app's own.
    @Test func reactionsOfEveryWindowReplayOnceInAnAppOfOneWindow() async throws {
        let app = App()
        let other = App(sharing: app.store)
        let reactions = (react(in: app), react(in: other))
        let recorder = app.record()
        await app.send(.add(2))
        #expect(app.store.state.count == 22)
        let report = try AppTestScript.read(try recorder.reportJSON())

        let fresh = App()
        let freshReaction = react(in: fresh)
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(fresh.store.state.count == 22)
        _ = (reactions, freshReaction)
    }

    /// Two windows over one store: each records its own commands, and the other's as intents the app sent itself,
    /// so each window's report replays to the state they share.
    @Test func eachWindowOverOneStoreRecordsItsOwnStepsAndEachReportReplaysToTheSharedState() async throws {
        let first = App()
        let second = App(sharing: first.store)
        let firstRecorder = first.record()
        let secondRecorder = second.record()
        #expect(firstRecorder.isAttached && secondRecorder.isAttached)
        await first.perform(#"Add("n": 2)"#)
        await second.perform(#"Add("n": 3)"#)
        await first.perform(#"Add("n": 4)"#)

        let firstReport = try AppTestScript.read(try firstRecorder.reportJSON())
        let secondReport = try AppTestScript.read(try secondRecorder.reportJSON())
        #expect(firstReport.steps.map(\.command) == [#"Add("n": 2)"#, "(intents)", #"Add("n": 4)"#])
        #expect(secondReport.steps.map(\.command) == ["(intents)", #"Add("n": 3)"#, "(intents)"])
        for report in [firstReport, secondReport] {
            let fresh = App()
            let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
            #expect(replay.differences.isEmpty, "\(replay.differences)")
            #expect(fresh.store.state == first.store.state)
        }
        firstRecorder.detach()
        #expect(first.store.intentTaps.count == 1)
        secondRecorder.detach()
        #expect(first.store.intentTaps.isEmpty)
    }

    @Test func textNotKeptNeverAppearsInTheReportsBytes() async throws {
        let app = App()
        let recorder = app.record(redaction: Redaction(keeping: ["noted._0", "note"]))
        await app.perform(#"SignIn("user": "ada-secret-77")"#)
        await app.send(.signIn("ada-secret-77"))
        await app.perform(#"Add("n": 1)"#)
        let bytes = try recorder.reportJSON()
        #expect(String(decoding: bytes, as: UTF8.self).contains("ada-secret-77") == false)
        #expect(String(decoding: bytes, as: UTF8.self).contains("at 1"))
        // The placeholder stands for the name wherever it was: the replay signs in with it and matches.
        let fresh = App()
        let replay = await AppTest.replay(
            try AppTestScript.read(bytes), store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(fresh.store.state.user?.hasPrefix("redacted-") == true)
    }

    @Test func theRingStaysWithinItsBudgetAndItsReportStartsAtTheOldestStepKept() async throws {
        let app = App()
        let recorder = app.record(maximumBytes: 4_096)
        for n in 1...200 { await app.perform("Add(\"n\": \(n))") }
        #expect(recorder.bytes <= 4_096)
        #expect(recorder.droppedSteps > 0)
        // The last steps, in order, and a start that is the sum of every step that left.
        let report = try recorder.report()
        let kept = report.steps.count
        #expect(kept > 0 && kept < 200)
        #expect(report.steps.map(\.command) == (201 - kept...200).map { "Add(\"n\": \($0))" })
        let start = try JSONDecoder().decode(Tally.self, from: Data(report.initialState.utf8))
        #expect(start.count == (0...(200 - kept)).reduce(0, +))

        let fresh = App()
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences.prefix(2))")
        #expect(fresh.store.state == app.store.state)
    }

    @Test func aDetachedRecorderRecordsNothingMoreAndLeavesNoTap() async throws {
        let app = App()
        let recorder = app.record()
        await app.perform(#"Add("n": 1)"#)
        recorder.detach()
        #expect(app.store.middlewares.isEmpty)
        await app.perform(#"Add("n": 1)"#)
        #expect(try recorder.report().steps.count == 1)
    }

    @Test func aRecorderReleasedWithoutDetachingIsNotKeptAliveAndLeavesNoTapBehind() async throws {
        let app = App()
        weak var released: FlightRecorder<Tally, TallyIntent, TallyEffect>?
        do {
            let recorder = app.record()
            released = recorder
            await app.perform(#"Add("n": 1)"#)
        }
        #expect(released == nil)  // the command manager held it strongly
        #expect(app.store.intentTaps.count == 1)
        await app.perform(#"Add("n": 1)"#)
        for _ in 0..<2_000 { app.store.send(.add(1)) }
        _ = await app.store.waitForEffects(timeout: .seconds(120))
        #expect(app.store.intentTaps.isEmpty)  // its tap took itself off at a checkpoint
        #expect(app.store.state.count == 2_002)
        // A new recorder can attach.
        let next = app.record()
        #expect(next.isAttached)
        next.detach()
    }

    @Test func aStateChangedWithoutAnIntentIsSaidAtExportNotReportedWrong() async throws {
        let app = App()
        let recorder = app.record()
        await app.perform(#"Add("n": 1)"#)
        app.store.restore(Tally(count: 99))
        #expect(throws: RecordingError.self) { try recorder.report() }
    }

    @Test func theLastStepsFileHoldsTheLastStepsAsEachBeginsAndReplaysUpToTheLast() async throws {
        let app = App()
        let recorder = app.record()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("last-steps-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        recorder.lastStepsCount = 3
        recorder.lastStepsFile = file
        for n in 1...6 { await app.perform("Add(\"n\": \(n))") }
        // Written as the sixth step began: the fourth, the fifth, and the sixth under way.
        let written = try AppTestScript.read(try Data(contentsOf: file))
        #expect(written.steps.map(\.command) == [#"Add("n": 4)"#, #"Add("n": 5)"#, #"Add("n": 6)"#])
        #expect(try JSONDecoder().decode(Tally.self, from: Data(written.initialState.utf8)).count == 6)
        let fresh = App()
        let replay = await AppTest.replay(written, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(fresh.store.state.count == 21)
        #expect(replay.differences.map(\.step) == [3])  // the step under way had recorded nothing yet
    }

    @Test func aLastStepsFileThatCannotBeWrittenIsSaidAndRecordingGoesOn() async throws {
        let app = App()
        let recorder = app.record()
        recorder.lastStepsFile = URL(fileURLWithPath: "/nonexistent-directory/last-steps.json")
        await app.perform(#"Add("n": 1)"#)
        #expect(recorder.lastStepsFailure != nil)
        #expect(try recorder.report().steps.count == 1)
    }

    enum TallyLink: DeepLink, Equatable { case add(Int) }

    /// A flow that takes `tally://add/:n` links and adds.
    final class Adder: FlowCoordinator<Void> {
        let store: Store<Tally, TallyIntent, TallyEffect>
        init(store: Store<Tally, TallyIntent, TallyEffect>) {
            self.store = store
            super.init(actionRouter: nil)
        }
        override func handle(deepLink: any DeepLink) -> Bool {
            guard case .add(let n)? = deepLink as? TallyLink else { return false }
            store.send(.add(n))
            return true
        }
    }

    @Test func aLinkThisAppOpenedIsAStepAndAnotherWindowsLinkIsNot() async throws {
        var links = DeepLinkMatcher<TallyLink>()
        links.register("tally://add/:n") { .add(try $0.int("n")) }
        let app = App()
        app.root.startChild(Adder(store: app.store))
        let other = App()
        other.root.startChild(Adder(store: other.store))
        let recorder = app.record(redaction: Redaction(keepsLinks: true), withRoot: true)

        try other.root.open("tally://add/7", with: links)
        try app.root.open("tally://add/2", with: links)
        _ = await app.store.waitForEffects(timeout: .seconds(120))
        try other.root.open("tally://add/9", with: links)

        let report = try recorder.report()
        #expect(report.steps.map(\.openedLink) == ["tally://add/2"])
        #expect(report.steps.first?.intents.count == 2)
        #expect(report.steps.first?.links == [.init(url: "tally://add/2", outcome: "taken")])
        let fresh = App()
        fresh.root.startChild(Adder(store: fresh.store))
        let replay = await AppTest.replay(
            report, store: fresh.store, commands: fresh.commands, root: fresh.root,
            openLink: { [links] url in try fresh.root.open(url, with: links) })
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(fresh.store.state.count == 2)
    }

    /// A flow of pages, whose back the platform makes.
    final class Pages: FlowCoordinator<Void>, NavigatingFlow {
        enum Destination: Codable, Hashable, Sendable {
            case first
            case page(Int)
        }
        let navigation = Navigation<Destination>(router: HeadlessNavigationRouter(name: "pages"))
        init() { super.init(actionRouter: nil) }
        override func start() { try? setRoot(.first) }
        func content(for destination: Destination) throws -> NavigationContent { .screen(Page("\(destination)")) }
    }

    /// An app with pages: `Push` pushes the next page.
    func appWithPages() -> (App, Pages) {
        let app = App()
        let pages = Pages()
        app.root.startChild(pages)
        app.commands.register(
            ClosureCommand("Push") { [pages] _ in try pages.push(.page(pages.navigationState.stack.count)) })
        return (app, pages)
    }

    /// A back the platform made on its own is a step the replay makes too; another window's back is not.
    @Test func aBackThePlatformMadeIsAStepTheReplayMakesAndAnotherWindowsIsNot() async throws {
        let (app, pages) = appWithPages()
        let (other, otherPages) = appWithPages()
        let recorder = app.record(withRoot: true)
        await app.perform("Push")
        await app.perform("Push")
        try otherPages.push(.page(1))
        let router = try #require(pages.navigation.router as? HostedNavigationRouter)
        try router.platformDidPop(to: router.stack[1])  // the user swiped back once
        let otherRouter = try #require(otherPages.navigation.router as? HostedNavigationRouter)
        try otherRouter.platformDidPop(to: otherRouter.stack[0])  // another window's back
        await app.perform(#"Add("n": 1)"#)

        let report = try AppTestScript.read(try recorder.reportJSON())
        #expect(report.steps.map(\.command) == ["Push", "Push", "(platform)", #"Add("n": 1)"#])
        #expect(report.steps[2].platform == "back in pages")
        let (fresh, freshPages) = appWithPages()
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences)")
        #expect(freshPages.navigationState == pages.navigationState)
        #expect(pages.navigationState.stack == [.first, .page(1)])
        _ = other
    }

    /// Without a root, a replay cannot make the platform's navigation, and says so.
    @Test func aPlatformStepWithoutARootIsADifference() async throws {
        let (app, pages) = appWithPages()
        let recorder = app.record(withRoot: true)
        await app.perform("Push")
        let router = try #require(pages.navigation.router as? HostedNavigationRouter)
        try router.platformDidPop(to: router.stack[0])
        let report = try recorder.report()
        let fresh = App()
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: nil)
        #expect(replay.differences.contains { $0.what == "result" && $0.actual.contains("no root") })
    }

    /// SplitMix64: the same session for the same seed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Random sessions of commands, the app's own sends and the platform's backs replay to the same state and
    /// navigation.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func aRandomSessionWithPlatformBacksReplaysToTheSameStateAndNavigation(seed: UInt64) async throws {
        var random = Seeded(state: seed)
        let (app, pages) = appWithPages()
        let recorder = app.record(withRoot: true)
        let router = try #require(pages.navigation.router as? HostedNavigationRouter)
        for _ in 0..<30 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: await app.perform("Push")
            case 1:
                guard router.stack.count > 1 else { continue }
                let back = Int.random(in: 0..<(router.stack.count - 1), using: &random)
                try router.platformDidPop(to: router.stack[back])
            case 2: await app.perform(#"Add("n": \#(Int.random(in: 1...9, using: &random)))"#)
            default: await app.send(.add(1))
            }
        }
        let report = try AppTestScript.read(try recorder.reportJSON())
        let (fresh, freshPages) = appWithPages()
        let replay = await AppTest.replay(report, store: fresh.store, commands: fresh.commands, root: fresh.root)
        #expect(replay.differences.isEmpty, "\(replay.differences.prefix(2))")
        #expect(freshPages.navigationState == pages.navigationState)
        #expect(fresh.store.state == app.store.state)
    }
}
