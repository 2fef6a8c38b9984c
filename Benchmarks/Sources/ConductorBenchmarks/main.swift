// Conductor's benchmarks. Every figure is a ratio to a baseline measured in the same run, on the same machine: a
// `[ObjectIdentifier: Any]` lookup, a cast and a call of a stored closure — the least a type-keyed dispatch can do.
// Run in release: `swift run -c release --package-path Benchmarks ConductorBenchmarks`.
//
//   (no option)          every benchmark, interleaved, 41 rounds; then allocations per operation and memory
//   --quick              the same, few operations and rounds: checks in CI that the benchmarks build and run
//   --filter TEXT        only the benchmarks whose name or identifier contains TEXT (and the baseline)
//   --list               the benchmarks' identifiers
//   --memory             the memory figures only
//   --instructions ID    one benchmark, for callgrind: see scripts/benchmark-guard, which CI runs
//   --latency            a typed command's latency while Inspector pages connect and imports run (wall clock,
//                        printed only); with --quick, 0.5 s a scenario

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

let benchmarks =
    actionBenchmarks() + storeBenchmarks() + rowScopeBenchmarks() + coordinatorBenchmarks() + navigationBenchmarks()
    + commandBenchmarks()
    + causeBenchmarks() + flightRecorderBenchmarks() + inspectorBenchmarks()
    + inspectedStoreBenchmarks()

func argument(after option: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: option), CommandLine.arguments.indices.contains(index + 1)
    else { return nil }
    return CommandLine.arguments[index + 1]
}

if CommandLine.arguments.contains("--list") {
    for benchmark in benchmarks { print(benchmark.id) }
} else if CommandLine.arguments.contains("--latency") {
    try await reportInspectorLatency(quick: CommandLine.arguments.contains("--quick"))
} else if CommandLine.arguments.contains("--memory") {
    reportMemory()
} else if let id = argument(after: "--instructions") {
    guard let benchmark = benchmarks.first(where: { $0.id == id }) else {
        print("no benchmark has the identifier \(id); --list shows them")
        exit(2)
    }
    try await measureInstructions(of: benchmark)
} else {
    let filter = argument(after: "--filter")
    let chosen = benchmarks.enumerated().filter { index, benchmark in
        index == 0 || filter.map { benchmark.name.contains($0) || benchmark.id.contains($0) } ?? true
    }.map(\.element)
    let results = try await run(chosen, rounds: CommandLine.arguments.contains("--quick") ? 3 : 41)

    func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return value >= 100 ? "\(Int(value.rounded()))" : "\((value * 100).rounded() / 100)"
    }
    print("| benchmark | ns/op | × baseline | allocations/op | target |")
    print("|---|---:|---:|---:|---|")
    for result in results {
        let allocations = result.allocationsPerOperation.map(format) ?? "n/a"
        print(
            "| \(result.benchmark.name) | \(format(result.nanosecondsPerOperation)) | \(format(result.ratio)) "
                + "| \(allocations) | \(result.benchmark.target) |"
        )
    }
    func ratio(_ id: String) -> Double { results.first { $0.benchmark.id == id }?.ratio ?? .nan }
    print("")
    print("50×20 vs 1×1 routed send: \(format(ratio("routed-send-50x20") / ratio("routed-send-1x1")))× (target ≤ 1.2×)")
    print("100×100 vs 1×1 routed send: \(format(ratio("routed-send-100x100") / ratio("routed-send-1x1")))×")
    print(
        "deep-link match, 1,000 vs 10 patterns: "
            + "\(format(ratio("deep-link-match-1000") / ratio("deep-link-match-10")))× (target ≤ 1.5×)"
    )
    print(
        "element subscribers, 1,000 vs 100, none changed: "
            + "\(format(ratio("store-send-1000-elements-unchanged") / ratio("store-send-100-elements-unchanged")))× "
            + "(target ≤ 2×)"
    )
    print(
        "subscribe + unsubscribe, 100,000 vs 1,000 in place: "
            + "\(format(ratio("subscribe-unsubscribe-100000") / ratio("subscribe-unsubscribe-1000")))×"
    )
    print(
        "store send appending, 100,000 vs 1,000 items: "
            + "\(format(ratio("store-send-append-100000") / ratio("store-send-append-1000")))×"
    )
    print(
        "Observation, 100 views reading one field each through the store: "
            + "\(format(observationInvalidationsPerIntent(views: 100))) invalidations per intent (target 1); through "
            + "state: \(format(observationInvalidationsPerIntent(views: 100, readingWholeState: true)))")
    let notWatched = ratio("inspector-not-watched")
    print("inspector watching, no page: \(format(ratio("inspector-watched") / notWatched))× the send not watched")
    print("inspector watching, page connected: \(format(ratio("inspector-watched-page") / notWatched))×")
    if filter == nil { reportMemory() }
}
