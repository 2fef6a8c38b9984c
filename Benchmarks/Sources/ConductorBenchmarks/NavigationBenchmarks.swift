import ConductorCoordinators

/// Where a benchmark flow can go.
enum BenchDestination: Codable, Hashable, Sendable {
    case list
    case item(Int64)
}

/// A flow whose navigation is a value, for the navigation benchmarks.
@MainActor
final class BenchFlow: FlowCoordinator<Void>, NavigatingFlow {
    let navigation = Navigation<BenchDestination>(router: HeadlessNavigationRouter(name: "bench"))
    init() { super.init(actionRouter: nil) }
    func content(for destination: BenchDestination) throws -> NavigationContent { .screen(BenchScreen()) }
    override func start() { try? setRoot(.list) }
}

/// A push + pop as edits of a flow's navigation value, and a capture + restore of a tree of four such flows.
@MainActor
func navigationBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 10)
    return [
        Benchmark(
            id: "navigation-push-pop", name: "navigation value: push + pop a destination", target: "≤ 30×",
            operations: operations
        ) {
            let flow = BenchFlow()
            flow.run()
            return {
                for index in 0..<operations {
                    try flow.push(.item(Int64(index)), animated: false)
                    try flow.pop(animated: false)
                }
            }
        },
        Benchmark(
            id: "navigation-capture-restore-4", name: "navigation tree of 4 flows: capture + restore",
            target: "≤ 30×", operations: Scale.operations(dividedBy: 100)
        ) {
            let root = BenchFlow()
            root.run()
            for index in 0..<3 {
                let child = BenchFlow()
                root.startChild(child)
                try child.push(.item(Int64(index)), animated: false)
            }
            try root.push(.item(9), animated: false)
            return {
                for _ in 0..<Scale.operations(dividedBy: 100) {
                    let tree = NavigationTree.capture(root).tree
                    blackHole(tree.restore(into: root))
                }
            }
        },
    ]
}
