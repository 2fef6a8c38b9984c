import ConductorActions
import ConductorInspector

// The inspector's cost on a routed send: the same send through routers that are not watched, watched by an inspector
// with no page, and watched while a page is connected (a reader of every message the page would receive, through
// `InspectorSession.connect()`; the WebSocket's own cost is Hummingbird's).

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

@MainActor
func inspectorBenchmarks() async throws -> (benchmarks: [Benchmark], keep: [Any]) {
    func routed(_ name: String) throws -> (ActionRouter, ActionDispatcher) {
        let router = ActionRouter(name: name)
        let dispatcher = ActionDispatcher(name: name, router: router)
        try dispatcher.register(InspectedAction.self) { $0.value * 2 }
        return (router, dispatcher)
    }
    let (plain, plainOwner) = try routed("not watched")
    let (hooked, hookedOwner) = try routed("router middleware")
    hooked.middlewares = [PassThrough()]
    let (idle, idleOwner) = try routed("watched, no page")
    let session = try InspectorSession()
    session.watch(idle)
    let (paged, pagedOwner) = try routed("watched, page connected")
    let pagedSession = try InspectorSession()
    pagedSession.watch(paged)
    let connection = pagedSession.connect()
    let messages = connection.messages
    let page = Task.detached {
        var count = 0
        for await message in messages { count &+= message.utf8.count }
        return count
    }
    let pageOperations = quick ? 100 : 5_000
    let benchmarks = [
        Benchmark(name: "inspector: routed send, not watched", target: "the reference for the two below") {
            var sum = 0
            for i in 0..<operations { sum &+= try InspectedAction(value: i).send(to: plain) }
            blackHole(sum)
        },
        Benchmark(name: "inspector: routed send, a router middleware that passes it on", target: "the hook's cost") {
            var sum = 0
            for i in 0..<operations { sum &+= try InspectedAction(value: i).send(to: hooked) }
            blackHole(sum)
        },
        Benchmark(name: "inspector: routed send, watched, no page", target: "≤ 2× the send not watched") {
            var sum = 0
            for i in 0..<operations { sum &+= try InspectedAction(value: i).send(to: idle) }
            blackHole(sum)
        },
        Benchmark(
            name: "inspector: routed send, watched, page connected", target: "reported", operations: pageOperations
        ) {
            var sum = 0
            for i in 0..<pageOperations { sum &+= try InspectedAction(value: i).send(to: paged) }
            blackHole(sum)
        },
    ]
    return (benchmarks, [plainOwner, hookedOwner, idleOwner, pagedOwner, session, pagedSession, connection, page])
}
