import ConductorActions
import ConductorInspector
import HummingbirdWSClient
import Logging

// The inspector's cost on a routed send: the same send through routers that are not watched, watched by an inspector
// with no page, and watched while a page is connected (a real WebSocket client that reads every message).

struct InspectedAction: Action {
    typealias ReturnType = Int
    let value: Int
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
    let (idle, idleOwner) = try routed("watched, no page")
    let session = try InspectorSession()
    session.watch(idle)
    let (paged, pagedOwner) = try routed("watched, page connected")
    let inspector = try await Inspector.start()
    inspector.watch(paged)
    let url = "ws://127.0.0.1:\(inspector.port)/events?token=\(inspector.session.configuration.token)"
    let page = Task.detached {
        try await WebSocketClient.connect(url: url, logger: Logger(label: "bench")) { inbound, _, _ in
            for try await _ in inbound.messages(maxSize: 1 << 26) {}
        }
    }
    while inspector.session.pageCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
    let pageOperations = quick ? 100 : 5_000
    let benchmarks = [
        Benchmark(name: "inspector: routed send, not watched", target: "the reference for the two below") {
            var sum = 0
            for i in 0..<operations { sum &+= try InspectedAction(value: i).send(to: plain) }
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
    return (benchmarks, [plainOwner, idleOwner, pagedOwner, session, inspector, page])
}
