import ConductorCoordinators

/// A screen for the router benchmarks.
@MainActor
final class BenchScreen: Presentable {}

/// Deep-link matching among 10 and among 1,000 patterns, and push + pop on the headless router.
@MainActor
func coordinatorBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 10)
    let url = "conductor-demo://items/42?tab=reviews"

    func links(patterns: Int) throws -> DeepLinkMatcher<Int> {
        var links = DeepLinkMatcher<Int>()
        // The other patterns share the matched one's scheme, host and parameter, and sit one level below it, so
        // that the match walks the same trie nodes they fill (a pattern of its own host would be one lookup away).
        for index in 0..<(patterns - 1) {
            links.register("conductor-demo://items/:id/section\(index)") { p in try p.int("id") &+ index }
        }
        links.register("conductor-demo://items/:id") { p in try p.int("id") }
        return links
    }
    func match(patterns: Int, target: String) -> Benchmark {
        Benchmark(
            id: "deep-link-match-\(patterns)",
            name: "deep-link match among \(patterns) patterns",
            target: target,
            operations: operations
        ) {
            let links = try links(patterns: patterns)
            return {
                var sum = 0
                for _ in 0..<operations { sum &+= (try? links.resolve(url)) ?? 0 }
                blackHole(sum)
            }
        }
    }

    return [
        match(patterns: 10, target: "≤ 12.5×"),
        match(patterns: 1_000, target: "≤ 12.5×; ≤ 1.5× the 10-pattern match"),
        Benchmark(id: "push-pop", name: "headless router push + pop", target: "≤ 10×", operations: operations) {
            let router = HeadlessNavigationRouter(name: "bench")
            try router.setRoot(BenchScreen(), hideBar: false)
            let screen = BenchScreen()
            return {
                for _ in 0..<operations {
                    try router.push(screen, animated: false, hidesBottomBar: false, onPop: nil)
                    try router.pop(animated: false)
                }
            }
        },
    ]
}
