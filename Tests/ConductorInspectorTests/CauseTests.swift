import Conductor
import ConductorInspector
import Foundation
import Testing

#if DistributedTracing
    import InMemoryTracing
    import Tracing
#endif

/// Causal traces: a command, an action, a link or an intent sets off a trace that the intents, effects and
/// navigation it causes share — "why is this screen showing?".
@MainActor
struct CauseTests {
    final class Page: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    /// A counter whose third increment is announced by an effect, which feeds back a note; a flow pushes a page
    /// for each note. The command counts three times.
    @MainActor
    final class App {
        let session: InspectorSession
        let store = Store(state: Counter(), reducer: counterReducer)
        let commands = CommandManager()
        let router = HeadlessNavigationRouter(name: "main")
        var token: SubscriptionToken?

        init() throws {
            session = try InspectorSession()
            store.addEffectHandler { effect, send in
                if case .announce(let count) = effect { await send(.note("announced \(count)")) }
            }
            try router.setRoot(Page("counter"), hideBar: false)
            token = store.subscribe(\.log.count) { [router] count in
                if count > 0 { try? router.push(Page("note \(count)"), animated: false, hidesBottomBar: false) {} }
            }
            commands.register(
                ClosureCommand("CountToThree") { [store] _ in
                    for _ in 0..<3 { store.send(.increment) }
                })
            session.watch(store, name: "counter")
            session.watch(commands)
            session.watch(router)
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

    #if DistributedTracing
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
    #endif
}
