import ConductorStore

/// The state the store benchmarks send to: a counter that changes, and a hundred fields that do not.
struct BenchState: Equatable {
    var count = 0
    var fields = Fields()
    var label = ""
}

enum BenchIntent: Sendable {
    case increment
    case touchFirstField
}

func benchReducer(_ state: inout BenchState, _ intent: BenchIntent) -> [Never] {
    switch intent {
    case .increment: state.count &+= 1
    case .touchFirstField: state.fields.f0 &+= 1
    }
    return []
}

/// Store benchmarks: each returns the benchmark and whatever must stay alive while it runs.
@MainActor
func storeBenchmarks() -> [(Benchmark, Any)] {
    let operations = max(defaultOperations / 20, 100)
    func makeStore() -> Store<BenchState, BenchIntent, Never> { Store(state: BenchState(), reducer: benchReducer) }

    let bare = makeStore()
    let send0 = Benchmark(name: "store send, 0 subscribers", target: "≤ 2×", operations: operations) {
        for _ in 0..<operations { bare.send(.increment) }
        blackHole(bare.state.count)
    }

    // 100 subscribers, each on its own field by key path; `count` changes, none of the fields do.
    let keyed = makeStore()
    let keyedTokens = (0..<100).map { index in
        keyed.subscribe((\BenchState.fields).appending(path: Fields.keyPaths[index])) { blackHole($0) }
    }
    let sendKeyed = Benchmark(
        name: "store send, 100 key-path subscribers, none changed", target: "≤ 15×", operations: operations
    ) {
        for _ in 0..<operations { keyed.send(.increment) }
    }

    // 100 subscribers sharing 10 key paths, as views of one screen share the fields they show; none changed.
    let shared = makeStore()
    let sharedTokens = (0..<100).map { index in
        shared.subscribe((\BenchState.fields).appending(path: Fields.keyPaths[index % 10])) { blackHole($0) }
    }
    let sendShared = Benchmark(
        name: "store send, 100 key-path subscribers on 10 key paths, none changed",
        target: "≤ 15×",
        operations: operations
    ) {
        for _ in 0..<operations { shared.send(.increment) }
    }

    // 100 subscribers with closure selectors, none changed.
    let selected = makeStore()
    let selectedTokens = (0..<100).map { index in
        selected.subscribe(selector: BenchState.selectors[index]) { blackHole($0) }
    }
    let sendSelected = Benchmark(
        name: "store send, 100 selector subscribers, none changed", target: "≤ 15×", operations: operations
    ) {
        for _ in 0..<operations { selected.send(.increment) }
    }

    // 100 key-path subscribers, of which the one on field 0 changes on every send.
    let oneChanged = makeStore()
    let oneChangedTokens = (0..<100).map { index in
        oneChanged.subscribe((\BenchState.fields).appending(path: Fields.keyPaths[index])) { blackHole($0) }
    }
    let sendOneChanged = Benchmark(
        name: "store send, 100 key-path subscribers, 1 changed", target: "report", operations: operations
    ) {
        for _ in 0..<operations { oneChanged.send(.touchFirstField) }
    }

    // Subscribe then unsubscribe, with 1,000 and with 10,000 other subscribers in place: the cost per operation
    // must not grow with the count.
    func churn(existing: Int) -> (Benchmark, Any) {
        let store = makeStore()
        let others = (0..<existing).map { index in
            store.subscribe((\BenchState.fields).appending(path: Fields.keyPaths[index % 100])) { blackHole($0) }
        }
        let benchmark = Benchmark(
            name: "subscribe + unsubscribe, \(existing) subscribers in place", target: "flat", operations: operations
        ) {
            for _ in 0..<operations {
                let token = store.subscribe(\.count) { blackHole($0) }
                token.cancel()
            }
        }
        return (benchmark, (store, others))
    }

    return [
        (send0, bare),
        (sendKeyed, (keyed, keyedTokens)),
        (sendShared, (shared, sharedTokens)),
        (sendSelected, (selected, selectedTokens)),
        (sendOneChanged, (oneChanged, oneChangedTokens)),
        churn(existing: 1_000),
        churn(existing: 10_000),
    ]
}
