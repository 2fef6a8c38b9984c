import BenchmarkSupport

/// Keeps a value alive so that the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {}

/// Hides a value from the optimiser, so that loop-invariant work is not hoisted out of a timed loop.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// The measured work of a benchmark: performs the benchmark's `operations` operations on fixtures it captured.
typealias Body = @MainActor () async throws -> Void

/// A benchmark: a stable identifier, a name for people, the target it is held to, and how to set it up.
///
/// Set-up is separate from the body so that a run measuring one benchmark (under callgrind, say) builds only its
/// fixtures.
struct Benchmark {
    /// Names the benchmark in `Benchmarks/thresholds.json` and on the command line (`--instructions ID`).
    let id: String
    let name: String
    let target: String
    /// How many operations one call of the body performs; figures are per operation.
    let operations: Int
    /// Builds the fixtures and returns the body that runs on them.
    let setUp: @MainActor () async throws -> Body

    init(
        id: String,
        name: String,
        target: String,
        operations: Int = Scale.operations,
        setUp: @escaping @MainActor () async throws -> Body
    ) {
        self.id = id
        self.name = name
        self.target = target
        self.operations = operations
        self.setUp = setUp
    }
}

/// How many operations a benchmark's body performs, by the way the program was asked to run.
enum Scale {
    /// `--quick` smoke-runs every benchmark; `--instructions` runs one under callgrind, which is about fifty times
    /// slower than the machine; a full run times each body for tens of milliseconds.
    static let operations: Int = {
        if CommandLine.arguments.contains("--quick") { return 1_000 }
        if CommandLine.arguments.contains("--instructions") { return 10_000 }
        return 200_000
    }()

    /// `operations / divisor`, at least 10: for benchmarks whose operation costs more than the baseline's.
    static func operations(dividedBy divisor: Int) -> Int { max(operations / divisor, 10) }
}

/// One benchmark's result: the median time per operation, the median of its per-round ratios to the baseline, and
/// how many heap allocations one operation makes.
struct Measurement {
    let benchmark: Benchmark
    let nanosecondsPerOperation: Double
    let ratio: Double
    let allocationsPerOperation: Double?
}

/// Runs every benchmark once per round, interleaved, for `rounds` rounds after a warm-up round, and reports each
/// against the first (the baseline) measured in the same round; then counts each body's allocations in one more call.
///
/// Interleaving matters on a shared two-core machine: a slow stretch then hits every benchmark of that round alike,
/// so the per-round ratios stay stable even when absolute times drift. Medians drop the odd outlier.
@MainActor
func run(_ benchmarks: [Benchmark], rounds: Int) async throws -> [Measurement] {
    var bodies: [Body] = []
    for benchmark in benchmarks { bodies.append(try await benchmark.setUp()) }
    let clock = ContinuousClock()
    var times = Array(repeating: [Double](), count: benchmarks.count)
    for round in 0...rounds {
        for index in benchmarks.indices {
            let start = clock.now
            try await bodies[index]()
            let elapsed = clock.now - start
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            if round > 0 { times[index].append(nanoseconds / Double(benchmarks[index].operations)) }
        }
    }
    var measurements: [Measurement] = []
    for index in benchmarks.indices {
        let allocations = try await countAllocations(of: bodies[index])
        measurements.append(
            Measurement(
                benchmark: benchmarks[index],
                nanosecondsPerOperation: median(times[index]),
                ratio: median(zip(times[index], times[0]).map { $0 / $1 }),
                allocationsPerOperation: allocations.map { Double($0) / Double(benchmarks[index].operations) }
            )
        )
    }
    return measurements
}

/// Counts the heap allocations of one call of `body`; `nil` where the platform cannot count them.
@MainActor
func countAllocations(of body: Body) async throws -> Int? {
    guard benchmark_counts_allocations() == 1 else { return nil }
    benchmark_count_allocations(1)
    try await body()
    benchmark_count_allocations(0)
    return benchmark_allocation_count()
}

/// Runs one benchmark for callgrind: sets it up, calls the body once to warm it (lazy metadata, caches, first-time
/// allocations), then calls it again with callgrind collecting. Run under
/// `valgrind --tool=callgrind --collect-atstart=no`: the instructions valgrind reports are the second call's.
/// Prints the operation count and the allocations per operation, which the guard script reads.
@MainActor
func measureInstructions(of benchmark: Benchmark) async throws {
    let body = try await benchmark.setUp()
    try await body()
    benchmark_callgrind_toggle_collect()
    try await body()
    benchmark_callgrind_toggle_collect()
    let allocations = try await countAllocations(of: body)
    print("operations \(benchmark.operations)")
    if let allocations { print("allocations \(allocations)") }
    if benchmark_running_on_valgrind() == 0 {
        print("note: not running under valgrind; no instructions were counted")
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Bytes currently allocated by malloc, counted whole (mapped blocks included), where the platform can tell.
func allocatedBytes() -> Int? {
    let bytes = benchmark_allocated_bytes()
    return bytes < 0 ? nil : bytes
}

/// Bytes allocated while `work` runs and kept after it, divided by `count`; `nil` where the platform cannot tell.
@MainActor
func bytesPerItem<T>(_ count: Int, _ work: () throws -> T) rethrows -> (perItem: Int?, kept: T) {
    let before = allocatedBytes()
    let kept = try work()
    let after = allocatedBytes()
    guard let before, let after else { return (nil, kept) }
    return ((after - before) / count, kept)
}
