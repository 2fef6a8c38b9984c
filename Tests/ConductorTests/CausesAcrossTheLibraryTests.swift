import Conductor
import Testing

/// Where the library begins causes — a command, an action, a link, an intent sent on its own — and what carries
/// them: what a logger, a signpost or the Inspector reads, with no inspector attached.
@MainActor
struct CausesAcrossTheLibraryTests {
    /// The causes whose names contain a marker of the test's own, so that tests running at the same time do not mix.
    final class Heard: CauseObserver {
        let marker: String
        var lines: [String] = []
        init(_ marker: String) { self.marker = marker }
        func causeDidBegin(_ cause: Cause) { if cause.name.contains(marker) { lines.append("begin \(cause)") } }
        func causeDidEnd(_ cause: Cause) { if cause.name.contains(marker) { lines.append("end \(cause)") } }
    }

    final class Probe: Command {
        let identifier: String
        var seen: Cause?
        init(_ identifier: String) { self.identifier = identifier }
        func perform(context: CommandContext) async throws { seen = Cause.current }
    }

    @Test func aPerformedCommandIsOneIntervalWithItsLocation() async throws {
        let heard = Heard("CauseProbe")
        Causes.addObserver(heard)
        defer { Causes.removeObserver(heard) }
        let manager = CommandManager()
        let probe = Probe("CauseProbe")
        manager.register(probe)

        try await manager.perform(identifier: "CauseProbe", fileID: "App/Screen.swift", line: 12)

        #expect(
            heard.lines == [
                "begin command CauseProbe at App/Screen.swift:12", "end command CauseProbe at App/Screen.swift:12",
            ])
        #expect(probe.seen?.kind == .command)
    }

    struct TracedAction: Action {
        typealias ReturnType = Cause?
    }

    @Test func anActionSentOnItsOwnBeginsACauseItsHandlerSees() throws {
        let heard = Heard("TracedAction")
        Causes.addObserver(heard)
        defer { Causes.removeObserver(heard) }
        let router = ActionRouter(name: "causes")
        let dispatcher = ActionDispatcher(name: "handler", router: router)
        try dispatcher.register(handler: { (_: TracedAction) in Cause.current })

        let seen = try router.send(TracedAction())

        #expect(seen?.kind == .action)
        #expect(
            heard.lines == [
                "begin action CausesAcrossTheLibraryTests.TracedAction",
                "end action CausesAcrossTheLibraryTests.TracedAction",
            ])
    }

    enum TraceIntent: Sendable, Hashable {
        case load(String)
        case loaded(Int)
    }

    enum TraceEffect: Effect {
        case fetch(String)
    }

    @Test func anIntentsEffectsAndWhatTheyFeedBackCarryItsCause() async throws {
        let heard = Heard("load")
        Causes.addObserver(heard)
        defer { Causes.removeObserver(heard) }
        var causes: [TraceIntent: Cause?] = [:]
        let store = Store(state: 0) { (state: inout Int, intent: TraceIntent) -> [TraceEffect] in
            causes[intent] = Cause.current
            switch intent {
            case .load(let name): return [.fetch(name)]
            case .loaded(let count):
                state = count
                return []
            }
        }
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                guard case .fetch = effect else { return }
                await send(.loaded(3))
            })

        store.send(.load("marker"))
        for _ in 0..<200 where store.state != 3 { await Task.yield() }

        #expect(store.state == 3)
        let first = try #require(causes[.load("marker")] ?? nil)
        #expect(first.kind == .intent)
        #expect(first.name == "load")
        #expect(causes[.loaded(3)] == first)
        #expect(heard.lines.first == "begin intent load")
    }

    enum NoteLink: DeepLink, Equatable {
        case note(Int)
    }

    final class NotesFlow: FlowCoordinator<Void> {
        var taken: [Cause?] = []
        init() { super.init(actionRouter: nil) }
        override func handle(deepLink: any DeepLink) -> Bool {
            guard deepLink is NoteLink else { return false }
            taken.append(Cause.current)
            return true
        }
    }

    @Test func aLinkBeginsItsCauseBeforeAFlowTakesIt() throws {
        let heard = Heard("trace-notes")
        Causes.addObserver(heard)
        defer { Causes.removeObserver(heard) }
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow()
        root.startChild(notes)
        var links = DeepLinkMatcher<NoteLink>()
        links.register("trace-notes://notes/:id") { .note(try $0.int("id")) }

        try root.open("trace-notes://notes/3", with: links)

        #expect(notes.taken.first??.kind == .link)
        #expect(heard.lines == ["begin link trace-notes://notes/3", "end link trace-notes://notes/3"])
    }

    @Test func nothingBeginsACauseWhileNoOneObserves() async throws {
        let manager = CommandManager()
        let probe = Probe("Unobserved")
        manager.register(probe)
        try await manager.perform(identifier: "Unobserved")
        if !Causes.isObserved { #expect(probe.seen == nil) }
    }
}
