import MallocStats

/// Keeps a value alive so that the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {}

/// Hides a value from the optimiser, so that loop-invariant work is not hoisted out of a timed loop.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// A benchmark: a name, the target it is held to, and a body that performs `operations` operations.
struct Benchmark {
    let name: String
    let target: String
    /// How many operations one call of `body` performs.
    var operations: Int
    let body: () async throws -> Void

    init(name: String, target: String, operations: Int = defaultOperations, body: @escaping () async throws -> Void) {
        self.name = name
        self.target = target
        self.operations = operations
        self.body = body
    }
}

/// One benchmark's result: the median time per operation, and the median of its per-round ratios to the baseline.
struct Measurement {
    let name: String
    let target: String
    let nanosecondsPerOperation: Double
    let ratio: Double
}

/// Runs every benchmark once per round, interleaved, for `rounds` rounds after a warm-up round, and reports each
/// against the first (the baseline) measured in the same round.
///
/// Interleaving matters on a shared two-core machine: a slow stretch then hits every benchmark of that round alike,
/// so the per-round ratios stay stable even when absolute times drift. Medians drop the odd outlier.
@MainActor
func run(_ all: [Benchmark], rounds: Int, filter: String? = nil) async throws -> [Measurement] {
    let benchmarks = all.enumerated().filter { index, benchmark in
        index == 0 || filter.map { benchmark.name.contains($0) } ?? true
    }.map(\.element)
    let clock = ContinuousClock()
    var times = Array(repeating: [Double](), count: benchmarks.count)
    for round in 0...rounds {
        for (index, benchmark) in benchmarks.enumerated() {
            let start = clock.now
            try await benchmark.body()
            let elapsed = clock.now - start
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            if round > 0 { times[index].append(nanoseconds / Double(benchmark.operations)) }
        }
    }
    return benchmarks.indices.map { index in
        let ratios = zip(times[index], times[0]).map { $0 / $1 }
        return Measurement(
            name: benchmarks[index].name,
            target: benchmarks[index].target,
            nanosecondsPerOperation: median(times[index]),
            ratio: median(ratios)
        )
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Bytes currently allocated by malloc, where the platform can tell; `nil` elsewhere.
func allocatedBytes() -> Int? {
    let bytes = malloc_stats_allocated_bytes()
    return bytes < 0 ? nil : bytes
}
