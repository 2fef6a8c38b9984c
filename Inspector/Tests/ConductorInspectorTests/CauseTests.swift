import Conductor
import ConductorInspector
import Foundation
import InMemoryTracing
import Testing
import Tracing

/// Causal traces: a command, an action, a link or an intent sets off a trace that the intents, effects and
/// navigation it causes share — "why is this screen showing?".
@MainActor
struct CauseTests {
    /// The counting app, watched by a session.
    @MainActor
    final class App {
        let session: InspectorSession
        let counting: CountingApp
        var store: Store<Counter, CounterIntent, CounterEffect> { counting.store }
        var commands: CommandManager { counting.commands }

        init() throws {
            session = try InspectorSession()
            counting = try CountingApp(command: "CountToThree")
            session.watch(store, name: "counter")
            session.watch(commands)
            session.watch(counting.router)
        }
    }

    @Test func aTraceJoinsTheCommandItsIntentsTheEffectTheFedBackIntentAndThePush() async throws {
        let app = try App()
        try await app.commands.perform(identifier: "CountToThree")
        await app.store.waitForEffects()
        for _ in 0..<5 { await Task.yield() }

        let events = app.session.events
        let command = try #require(events.first { $0.kind == .command })
        let trace = try #require(command.trace)
        let traced = events.filter { $0.trace == trace }
        #expect(traced.filter { $0.kind == .intent }.map(\.title) == ["increment", "increment", "increment", "note"])
        #expect(traced.contains { $0.kind == .effect && $0.title == "▶ announce" })
        let push = try #require(traced.last { $0.kind == .navigation })
        #expect(push.stacks?.first?.modules == ["counter", "note 1"])
        // Why is this screen showing? The command, and where it was performed from.
        #expect(push.cause?.hasPrefix("command CountToThree at ConductorInspectorTests/CauseTests.swift:") == true)
    }

    @Test func anIntentSentOnItsOwnSetsOffItsOwnTrace() async throws {
        let app = try App()
        app.store.send(.note("typed"))
        app.store.send(.note("again"))
        let intents = app.session.events.filter { $0.kind == .intent }
        #expect(intents.count == 2)
        #expect(intents[0].trace != nil && intents[0].trace != intents[1].trace)
        #expect(intents[0].cause == "intent note")
        // Each push is the intent's doing.
        let pushes = app.session.events.filter { $0.kind == .navigation && $0.trace != nil }
        #expect(pushes.map(\.trace) == intents.map(\.trace))
    }

    @Test func eventsOutsideAnyCauseHaveNoTrace() async throws {
        let app = try App()
        let first = try #require(app.session.events.first)
        #expect(first.kind == .navigation)
        #expect(first.trace == nil && first.cause == nil)
    }

    @Test func theTraceIsReportedAsSpansOfOneTraceThroughSwiftDistributedTracing() async throws {
        let app = try App()
        let tracer = InMemoryTracer()
        app.session.tracer = tracer
        try await app.commands.perform(identifier: "CountToThree")
        await app.store.waitForEffects()
        for _ in 0..<5 { await Task.yield() }

        let spans = tracer.finishedSpans
        let root = try #require(spans.first { $0.parentSpanID == nil })
        #expect(root.operationName == "command CountToThree")
        let children = spans.filter { $0.parentSpanID == root.spanID }
        #expect(Set(spans.map(\.traceID)) == [root.traceID])
        #expect(children.contains { $0.operationName == "intent increment" })
        #expect(children.contains { $0.operationName == "effect ▶ announce" })
        #expect(children.contains { $0.operationName == "intent note" })
        #expect(children.contains { $0.operationName.hasPrefix("navigation") })
        #expect("\(String(describing: root.attributes["code.location"]))".contains("CauseTests.swift"))
    }

    /// A command moves the screen, then a link does, in the same turn: the navigation the session records a turn
    /// later is the link's doing, never the command's (the task that publishes it was made under the command).
    @Test func aNavigationPublishedLaterNamesTheLatestCauseNotAStaleOne() async throws {
        let app = try App()
        final class Screen: Presentable {
            let moduleName: String
            init(_ name: String) { moduleName = name }
        }
        try Causes.run(.command, "MoveA") {
            try app.counting.router.push(Screen("a"), animated: false, hidesBottomBar: false, onPop: nil)
        }
        try Causes.run(.link, "app://b") {
            try app.counting.router.push(Screen("b"), animated: false, hidesBottomBar: false, onPop: nil)
        }
        for _ in 0..<5 { await Task.yield() }
        let navigation = try #require(app.session.events.last { $0.kind == .navigation })
        #expect(navigation.stacks?.first?.modules.last == "b")
        // The link, or — tests run side by side on the main actor — a cause another test began later; never the
        // command, which moved the screen first.
        #expect(navigation.cause != nil && navigation.cause?.hasPrefix("command MoveA") == false)
    }
}
