import ConductorActions
import ConductorRecording
import ConductorStore

/// An observer of causes that does nothing: the cost of causes themselves while any tool (a logger, signposts, the
/// Inspector) observes them.
@MainActor
final class SilentCauses: CauseObserver {
    func causeDidBegin(_ cause: Cause) {}
    func causeDidEnd(_ cause: Cause) {}
}

/// A store send while a cause observer is attached: each intent sent on its own begins its cause (a task-local value
/// bound around the send; its name written only if read). Without an observer the same send is `store-send-0`.
@MainActor
func causeBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 20)
    return [
        Benchmark(
            id: "store-send-cause-observed", name: "store send, 0 subscribers, a cause observer attached",
            target: "reported", operations: operations
        ) {
            let store = BenchStore(state: BenchState(), reducer: benchReducer)
            let observer = SilentCauses()
            return {
                // Attached for the run only, so that the benchmarks run after it in the same process are unobserved.
                Causes.addObserver(observer)
                defer { Causes.removeObserver(observer) }
                for _ in 0..<operations { store.send(.increment) }
            }
        },
        // What an action costs while a tool hears actions (a flight recorder with a root, the Inspector): each send
        // outside any cause begins its own. Without an observer the same send is `routed-send-1x1`.
        Benchmark(
            id: "routed-send-cause-observed", name: "router send, 1 dispatcher, a cause observer of actions attached",
            target: "reported", operations: operations
        ) {
            let router = ActionRouter(name: "bench-observed")
            let dispatcher = ActionDispatcher(name: "bench-observed", router: router)
            try dispatcher.register(MultiplyByTwo.self) { $0.value * 2 }
            let observer = SilentCauses()
            return {
                Causes.addObserver(observer)
                defer { Causes.removeObserver(observer) }
                var sum = 0
                for i in 0..<operations { sum &+= try router.send(MultiplyByTwo(value: i)) }
                blackHole((sum, dispatcher))
            }
        },
    ]
}
