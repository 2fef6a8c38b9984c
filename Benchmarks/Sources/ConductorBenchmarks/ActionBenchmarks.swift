import ConductorActions

struct MultiplyByTwo: Action {
    typealias ReturnType = Int
    let value: Int
}

/// The baseline: what a hand-written, type-keyed table of closures costs.
final class Baseline {
    var table: [ObjectIdentifier: Any] = [:]

    init() {
        let handler: (MultiplyByTwo) -> Int = { $0.value * 2 }
        table[ObjectIdentifier(MultiplyByTwo.self)] = handler
    }

    @inline(never)
    func call(_ action: MultiplyByTwo) -> Int {
        guard let handler = table[ObjectIdentifier(MultiplyByTwo.self)] as? (MultiplyByTwo) -> Int else { return 0 }
        return handler(action)
    }
}

/// The baseline, then dispatch and routed sends.
@MainActor
func actionBenchmarks() -> [Benchmark] {
    [
        Benchmark(id: "baseline", name: "baseline: [ObjectIdentifier: Any] lookup + cast + call", target: "") {
            let baseline = Baseline()
            return {
                var sum = 0
                for i in 0..<Scale.operations { sum &+= baseline.call(MultiplyByTwo(value: i)) }
                blackHole(sum)
            }
        },
        Benchmark(id: "dispatch", name: "dispatcher.dispatch(MultiplyByTwo) -> Int", target: "≤ 2×, 0 allocations") {
            let dispatcher = ActionDispatcher(name: "bench", router: nil)
            try dispatcher.register(MultiplyByTwo.self) { $0.value * 2 }
            return {
                var sum = 0
                for i in 0..<Scale.operations { sum &+= try dispatcher.dispatch(MultiplyByTwo(value: i)) }
                blackHole(sum)
            }
        },
        routedSend(dispatchers: 1, actionsEach: 1, target: "≤ 2.5×, 0 allocations"),
        routedSend(dispatchers: 50, actionsEach: 20, target: "≤ 1.2× the 1×1 send"),
        routedSend(dispatchers: 100, actionsEach: 100, target: "flat: same as 1×1"),
    ]
}

/// A routed send among `dispatchers` × `actionsEach` handlers. The sent action is the concrete `MultiplyByTwo`,
/// registered last; generated types fill the rest of the table.
@MainActor
func routedSend(dispatchers: Int, actionsEach: Int, target: String) -> Benchmark {
    Benchmark(
        id: "routed-send-\(dispatchers)x\(actionsEach)",
        name: "router send, \(dispatchers) dispatcher(s) × \(actionsEach) action(s)",
        target: target
    ) {
        let router = ActionRouter(name: "bench-\(dispatchers)x\(actionsEach)")
        let owned = (0..<dispatchers).map { ActionDispatcher(name: "d\($0)", router: router) }
        var registrar = Registrar(dispatcherFor: { owned[$0 / actionsEach] })
        forEachActionType(0..<(dispatchers * actionsEach - 1), &registrar)
        try owned[dispatchers - 1].register(MultiplyByTwo.self) { $0.value * 2 }
        return {
            var sum = 0
            for i in 0..<Scale.operations { sum &+= try MultiplyByTwo(value: i).send(to: router) }
            blackHole((sum, owned))
        }
    }
}
