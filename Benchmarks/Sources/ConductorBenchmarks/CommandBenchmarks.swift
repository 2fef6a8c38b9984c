import ConductorCommands

/// A trivial command: counts its performs.
@MainActor
final class CountingCommand: Command {
    var count = 0
    func perform(context: CommandContext) async throws { count &+= 1 }
}

/// Parse, resolve and perform one identifier; validate a menu of 50.
@MainActor
func commandBenchmarks() throws -> [Benchmark] {
    let operations = max(defaultOperations / 20, 100)
    let manager = CommandManager()
    let open = CountingCommand()
    try manager.register(open, as: "Open")
    var menu: [String] = []
    for index in 0..<50 {
        try manager.register(CountingCommand(), as: "Item\(index)")
        menu.append("menu.Item\(index)(\"row\": \(index))")
    }
    return [
        Benchmark(
            name: #"parse only (uncached) menu.Open("id": "3", "focus": true)"#,
            target: "report",
            operations: operations
        ) {
            var count = 0
            for _ in 0..<operations {
                count &+=
                    (try? CommandIdentifier(parsing: #"menu.Open("id": "3", "focus": true)"#))?.arguments.count ?? 0
            }
            blackHole(count)
        },
        Benchmark(
            name: #"perform menu.Open("id": "3", "focus": true) (parse cached, resolve, validate, perform)"#,
            target: "≤ 10×",
            operations: operations
        ) {
            for _ in 0..<operations { try await manager.perform(identifier: #"menu.Open("id": "3", "focus": true)"#) }
            blackHole(open.count)
        },
        Benchmark(name: "validate a 50-item menu (per item)", target: "report", operations: operations * 50) {
            var enabled = 0
            for _ in 0..<operations {
                manager.buildItems(for: menu) { item in if item.validation.isEnabled { enabled &+= 1 } }
            }
            blackHole(enabled)
        },
    ]
}
