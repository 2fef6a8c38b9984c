import ConductorCoordinators
import Foundation

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

/// A push + pop as edits of a flow's navigation value, and a capture + restore of a tree of four such flows; a push,
/// a read of the value and a pop at depth 20 and 2,000 (the same cost); navigating to 400 and 4,000 destinations
/// (the same cost per destination); restoring a saved tree of 1 MiB, per destination.
@MainActor
func navigationBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 10)
    return depthBenchmarks() + [
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

/// A flow showing `depth` destinations.
@MainActor
private func flow(atDepth depth: Int) throws -> BenchFlow {
    let flow = BenchFlow()
    flow.run()
    try flow.navigate(to: NavigationState(stack: (0..<Int64(depth)).map { .item($0) }))
    return flow
}

/// What a deep stack costs: nothing more than a shallow one's per push, read and pop, and per destination navigated
/// to or restored.
@MainActor
private func depthBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 10)
    func pushReadPop(depth: Int) -> Benchmark {
        Benchmark(
            id: "navigation-push-read-pop-\(depth)",
            name: "navigation value at depth \(depth): push + read + pop", target: "≤ 30×", operations: operations
        ) {
            let flow = try flow(atDepth: depth)
            return {
                for index in 0..<operations {
                    try flow.push(.item(Int64(index)), animated: false)
                    blackHole(flow.navigationState)
                    try flow.pop(animated: false)
                }
            }
        }
    }
    // Per destination: a stack of `count` destinations navigated to from the root, then back.
    func navigate(count: Int) -> Benchmark {
        let rounds = max(Scale.operations(dividedBy: 100) / count, 1)
        return Benchmark(
            id: "navigation-navigate-\(count)", name: "navigate to \(count) destinations and back, per destination",
            target: "≤ 30×", operations: rounds * count
        ) {
            let flow = try flow(atDepth: 0)
            let deep = NavigationState<BenchDestination>(stack: [.list] + (1..<Int64(count)).map { .item($0) })
            let root = NavigationState<BenchDestination>(stack: [.list])
            return {
                for _ in 0..<rounds {
                    try flow.navigate(to: deep)
                    try flow.navigate(to: root)
                }
            }
        }
    }
    return [
        pushReadPop(depth: 20), pushReadPop(depth: 2_000), navigate(count: 400), navigate(count: 4_000),
        restoreLargestTree(), restore(destinations: 4_000),
    ]
}

/// Restoring the largest saved tree `NavigationTree(json:)` accepts — 1 MiB of JSON, one flow of as many
/// destinations as fit — into a fresh flow, per destination: reading the JSON, building and pushing every screen.
@MainActor
private func restoreLargestTree() -> Benchmark {
    // A destination saves as about 20 bytes: the stack that fills 1 MiB, found by saving one of a known size.
    var destinations = 1_000
    var json = savedTree(destinations: destinations)
    while json.count < NavigationTree.maximumJSONSize * 98 / 100 || json.count > NavigationTree.maximumJSONSize {
        destinations = destinations * NavigationTree.maximumJSONSize * 99 / 100 / json.count
        json = savedTree(destinations: destinations)
    }
    return Benchmark(
        id: "navigation-restore-1mib", name: "restore a saved tree of 1 MiB, per destination", target: "≤ 30×",
        operations: destinations
    ) {
        return {
            let tree = try NavigationTree(json: json)
            let flow = BenchFlow()
            blackHole(flow.run(restoring: tree))
        }
    }
}

/// Restoring a saved tree of one flow of `count` destinations into a fresh flow, per destination.
@MainActor
private func restore(destinations count: Int) -> Benchmark {
    let json = savedTree(destinations: count)
    return Benchmark(
        id: "navigation-restore-\(count)", name: "restore a saved tree of \(count) destinations, per destination",
        target: "≤ 30×", operations: count
    ) {
        return {
            let tree = try NavigationTree(json: json)
            let flow = BenchFlow()
            blackHole(flow.run(restoring: tree))
        }
    }
}

/// The saved tree of a flow showing `destinations` destinations, as JSON.
@MainActor
private func savedTree(destinations: Int) -> Data {
    let flow = BenchFlow()
    flow.run()
    try? flow.navigate(to: NavigationState(stack: [.list] + (1..<Int64(destinations)).map { .item($0) }))
    return (try? JSONEncoder().encode(NavigationTree.capture(flow).tree)) ?? Data()
}
