import ConductorActions

// Conductor's action benchmarks. Every figure is a ratio to a baseline measured in the same run, on the same
// machine: a `[ObjectIdentifier: Any]` lookup, a cast and a call of a stored closure — the least a type-keyed
// dispatch can do. Run in release: `swift run -c release --package-path Benchmarks`.
// `--quick` runs few iterations, to check in CI that the benchmarks still build and run.

let quick = CommandLine.arguments.contains("--quick")

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

/// Operations per timed pass: enough to dwarf the clock's overhead, few enough for a run of seconds.
let defaultOperations = quick ? 1_000 : 200_000
let operations = defaultOperations
let rounds = quick ? 3 : 41

let baselineTable = Baseline()
let dispatcher = ActionDispatcher(name: "bench", router: nil)
try dispatcher.register(MultiplyByTwo.self) { $0.value * 2 }

// Routed send: 1 dispatcher × 1 action, then 50 dispatchers × 20 actions sending the last registered, then a larger
// table, to show the cost does not grow with the number of handlers. The sent action is the concrete
// `MultiplyByTwo`, registered last; generated types fill the rest of the table.
@MainActor
func routedSend(dispatchers: Int, actionsEach: Int, target: String) throws -> (Benchmark, [ActionDispatcher]) {
    let router = ActionRouter(name: "bench-\(dispatchers)x\(actionsEach)")
    let owned = (0..<dispatchers).map { ActionDispatcher(name: "d\($0)", router: router) }
    let total = dispatchers * actionsEach
    var registrar = Registrar(dispatcherFor: { owned[$0 / actionsEach] })
    forEachActionType(0..<(total - 1), &registrar)
    try owned[dispatchers - 1].register(MultiplyByTwo.self) { $0.value * 2 }
    let benchmark = Benchmark(
        name: "router send, \(dispatchers) dispatcher(s) × \(actionsEach) action(s)", target: target
    ) {
        var sum = 0
        for i in 0..<operations { sum &+= try MultiplyByTwo(value: i).send(to: router) }
        blackHole(sum)
    }
    return (benchmark, owned)
}

let (small, smallOwners) = try routedSend(dispatchers: 1, actionsEach: 1, target: "≤ 2.5×")
let (large, largeOwners) = try routedSend(dispatchers: 50, actionsEach: 20, target: "≤ 2.5×; ≤ 1.2× the 1×1 send")
let (huge, hugeOwners) = try routedSend(dispatchers: 100, actionsEach: 100, target: "flat: same as 1×1")

let store = storeBenchmarks()
let coordinators = try coordinatorBenchmarks()
let commands = try commandBenchmarks()
let inspection = try await inspectorBenchmarks()

/// `--filter TEXT` runs only the benchmarks whose name contains TEXT (and the baseline).
let filter = CommandLine.arguments.firstIndex(of: "--filter").flatMap {
    CommandLine.arguments.indices.contains($0 + 1) ? CommandLine.arguments[$0 + 1] : nil
}

let results = try await run(
    [
        Benchmark(name: "baseline: [ObjectIdentifier: Any] lookup + cast + call", target: "") {
            var sum = 0
            for i in 0..<operations { sum &+= baselineTable.call(MultiplyByTwo(value: i)) }
            blackHole(sum)
        },
        Benchmark(name: "dispatcher.dispatch(MultiplyByTwo) -> Int", target: "≤ 2×") {
            var sum = 0
            for i in 0..<operations { sum &+= try dispatcher.dispatch(MultiplyByTwo(value: i)) }
            blackHole(sum)
        },
        small, large, huge,
    ] + store.map(\.0) + coordinators + commands + inspection.benchmarks,
    rounds: rounds,
    filter: filter
)
blackHole((smallOwners, largeOwners, hugeOwners, store.map(\.1), inspection.keep))

// Memory per registered handler, with 10,000 handlers on one routed dispatcher. The types' metadata is created
// first, so that the reading counts only what Conductor allocates.
var touch = Touch()
forEachActionType(0..<10_000, &touch)
let memoryRouter = ActionRouter(name: "memory")
let before = allocatedBytes()
let memoryDispatcher = ActionDispatcher(name: "memory", router: memoryRouter)
var registrar = Registrar(dispatcherFor: { _ in memoryDispatcher })
forEachActionType(0..<10_000, &registrar)
let after = allocatedBytes()
blackHole((memoryDispatcher, touch.keys.count))

// Report.
func format(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    return "\((value * 100).rounded() / 100)"
}

print("| benchmark | ns/op | × baseline | target |")
print("|---|---:|---:|---|")
for result in results {
    print("| \(result.name) | \(format(result.nanosecondsPerOperation)) | \(format(result.ratio)) | \(result.target) |")
}
func ratio(_ name: String) -> Double {
    results.first { $0.name.hasPrefix(name) }?.ratio ?? .nan
}
print("")
print("50×20 vs 1×1 routed send: \(format(ratio("router send, 50") / ratio("router send, 1 ")))× (target ≤ 1.2×)")
print("100×100 vs 1×1 routed send: \(format(ratio("router send, 100") / ratio("router send, 1 ")))×")
let notWatched = ratio("inspector: routed send, not watched")
print(
    "inspector watching, no page: \(format(ratio("inspector: routed send, watched, no page") / notWatched))× the send not watched (target ≤ 2×)"
)
print(
    "inspector watching, page connected: \(format(ratio("inspector: routed send, watched, page") / notWatched))× the send not watched"
)
print(
    "subscribe + unsubscribe, 10,000 vs 1,000 in place: \(format(ratio("subscribe + unsubscribe, 10000") / ratio("subscribe + unsubscribe, 1000 ")))×"
)
if let before, let after {
    print("memory per registered handler (10,000 handlers, routed): \((after - before) / 10_000) bytes")
} else {
    print("memory per registered handler: not measured on this platform (needs glibc's mallinfo2)")
}
