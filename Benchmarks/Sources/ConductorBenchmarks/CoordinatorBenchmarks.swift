import ConductorCoordinators

/// A screen for the router benchmarks.
@MainActor
final class BenchScreen: Presentable {}

/// Deep-link matching among 10 and among 1,000 patterns, and push + pop on the headless router.
@MainActor
func coordinatorBenchmarks() throws -> [Benchmark] {
    let operations = max(defaultOperations / 10, 100)

    func links(patterns: Int) throws -> DeepLinkMatcher<Int> {
        var links = DeepLinkMatcher<Int>()
        for index in 0..<(patterns - 1) {
            try links.register("conductor-demo://section\(index)/:id/detail") { p in try p.int("id") &+ index }
        }
        try links.register("conductor-demo://items/:id") { p in try p.int("id") }
        return links
    }

    let ten = try links(patterns: 10)
    let thousand = try links(patterns: 1_000)
    let url = "conductor-demo://items/42"

    let router = HeadlessNavigationRouter(name: "bench")
    try router.setRoot(BenchScreen(), hideBar: false)
    let screen = BenchScreen()

    return [
        Benchmark(name: "deep-link match among 10 patterns", target: "report", operations: operations) {
            var sum = 0
            for _ in 0..<operations { sum &+= ten.match(url) ?? 0 }
            blackHole(sum)
        },
        Benchmark(
            name: "deep-link match among 1000 patterns", target: "≤ 1.5× the 10-pattern match", operations: operations
        ) {
            var sum = 0
            for _ in 0..<operations { sum &+= thousand.match(url) ?? 0 }
            blackHole(sum)
        },
        Benchmark(name: "headless router push + pop", target: "report", operations: operations) {
            for _ in 0..<operations {
                try router.push(screen, animated: false, hidesBottomBar: false, onPop: nil)
                try router.pop(animated: false)
            }
        },
    ]
}
