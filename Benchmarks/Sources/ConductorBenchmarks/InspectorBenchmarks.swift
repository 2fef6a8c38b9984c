import ConductorActions
import ConductorCoordinators
import ConductorInspector
import ConductorStore

// The inspector's cost on a routed send: the same send through routers that are not watched, watched by an inspector
// with no page, and watched while a page is connected (a reader of every message the page would receive, through
// `InspectorSession.connect()`; the WebSocket's own cost is Hummingbird's). And on a store send: watched alone, and
// with a coordinator tree watched too, whose navigation the inspector checks around every event.

struct InspectedAction: Action {
    typealias ReturnType = Int
    let value: Int
}

/// A router middleware that only passes the action on: the cost of the hook itself.
@MainActor
final class PassThrough: ActionMiddleware {
    func intercept<A: Action>(
        _ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType { try next(action) }
}

/// A flow on a stack of its own whose navigation is a value: three screens, which a captured tree saves.
@MainActor
final class InspectedFlow: FlowCoordinator<Void>, NavigatingFlow {
    let router: HeadlessNavigationRouter
    let navigation: Navigation<Int>
    init(name: String) {
        router = HeadlessNavigationRouter(name: name)
        navigation = Navigation(router: router)
        super.init(actionRouter: nil)
    }
    override func start() {
        try? setRoot(0)
        for screen in 1..<3 { try? push(screen, animated: false) }
    }
    func content(for destination: Int) throws -> NavigationContent { .screen(BenchScreen()) }
}

/// A store send watched by an inspector with no page, alone and with a tree of four navigating flows watched.
@MainActor
func inspectedStoreBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 40)
    func sends(_ store: BenchStore, keep: Any) -> Body {
        {
            for _ in 0..<operations { store.send(.increment) }
            blackHole((store.state.count, keep))
        }
    }
    return [
        Benchmark(
            id: "inspector-store-watched", name: "inspector: store send, watched, no page", target: "≤ 20×",
            operations: operations
        ) {
            let store = BenchStore(state: BenchState(), reducer: benchReducer)
            let session = try InspectorSession()
            session.watch(store, name: "bench")
            return sends(store, keep: session)
        },
        Benchmark(
            id: "inspector-store-tree",
            name: "inspector: store send, watched, with a tree of 4 navigating flows and their routers",
            target: "reported: the navigation checked before and after each event",
            operations: operations
        ) {
            let store = BenchStore(state: BenchState(), reducer: benchReducer)
            let session = try InspectorSession()
            session.watch(store, name: "bench")
            let root = BaseCoordinator(actionRouter: nil)
            root.run()
            let flows = (0..<4).map { InspectedFlow(name: "flow \($0)") }
            for flow in flows { root.startChild(flow) }
            session.watch(root)
            for flow in flows { session.watch(flow.router) }
            return sends(store, keep: (session, root, flows))
        },
    ]
}

/// A routed send through a router that is not watched, one with a pass-through middleware, one watched with no page,
/// and one watched with a page connected. Not guarded by instruction counts: the last runs a reader task.
@MainActor
func inspectorBenchmarks() -> [Benchmark] {
    func routed(_ name: String) throws -> (ActionRouter, ActionDispatcher) {
        let router = ActionRouter(name: name)
        let dispatcher = ActionDispatcher(name: name, router: router)
        try dispatcher.register(InspectedAction.self) { $0.value * 2 }
        return (router, dispatcher)
    }
    func sends(_ router: ActionRouter, operations: Int, keep: Any) -> Body {
        {
            var sum = 0
            for i in 0..<operations { sum &+= try InspectedAction(value: i).send(to: router) }
            blackHole((sum, keep))
        }
    }
    let operations = Scale.operations
    let pageOperations = Scale.operations(dividedBy: 40)
    return [
        Benchmark(id: "inspector-not-watched", name: "inspector: routed send, not watched", target: "the reference") {
            let (router, owner) = try routed("not watched")
            return sends(router, operations: operations, keep: owner)
        },
        Benchmark(
            id: "inspector-middleware",
            name: "inspector: routed send, a router middleware that passes it on",
            target: "the hook's cost"
        ) {
            let (router, owner) = try routed("router middleware")
            router.middlewares = [PassThrough()]
            return sends(router, operations: operations, keep: owner)
        },
        Benchmark(
            id: "inspector-watched",
            name: "inspector: routed send, watched, no page",
            target: "≤ 2× the send not watched"
        ) {
            let (router, owner) = try routed("watched, no page")
            let session = try InspectorSession()
            session.watch(router)
            return sends(router, operations: operations, keep: (owner, session))
        },
        Benchmark(
            id: "inspector-watched-page",
            name: "inspector: routed send, watched, page connected",
            target: "reported",
            operations: pageOperations
        ) {
            let (router, owner) = try routed("watched, page connected")
            let session = try InspectorSession()
            session.watch(router)
            let connection = session.connect()
            let messages = connection.messages
            let page = Task.detached {
                var count = 0
                for await message in messages { count &+= message.utf8.count }
                return count
            }
            return sends(router, operations: pageOperations, keep: (owner, session, connection, page))
        },
    ]
}
