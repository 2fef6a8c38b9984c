import ConductorCommands

/// A trivial command: counts its performs.
@MainActor
final class CountingCommand: Command {
    var count = 0
    func perform(context: CommandContext) async throws { count &+= 1 }
}

/// Parse an identifier, perform one from its text (parsed each time: there is no cache), validate a menu of 50.
@MainActor
func commandBenchmarks() -> [Benchmark] {
    let identifier = #"menu.Open("id": "3", "focus": true)"#
    let operations = Scale.operations(dividedBy: 10)
    return [
        Benchmark(
            id: "command-parse",
            name: "parse only \(identifier)",
            target: "≤ 30×",
            operations: operations
        ) {
            { @MainActor in
                var count = 0
                for _ in 0..<operations {
                    do { count &+= try CommandIdentifier(parsing: identifier).arguments.count } catch {
                        fatalError("the benchmark's identifier does not parse: \(error)")
                    }
                }
                blackHole(count)
            }
        },
        Benchmark(
            id: "command-perform-text",
            name: "perform \(identifier) from its text (parse, resolve, validate, perform)",
            target: "≤ 30×",
            operations: operations
        ) {
            let manager = CommandManager()
            let open = CountingCommand()
            manager.register(open, as: "Open")
            return {
                for _ in 0..<operations { try await manager.perform(identifier: identifier) }
                blackHole(open.count)
            }
        },
        Benchmark(
            id: "command-menu-validation",
            name: "validate a 50-item menu (per item)",
            target: "≤ 3×",
            operations: operations / 50 * 50
        ) {
            let manager = CommandManager()
            var menu: [String] = []
            for index in 0..<50 {
                manager.register(CountingCommand(), as: "Item\(index)")
                menu.append("menu.Item\(index)(\"row\": \(index))")
            }
            return {
                var enabled = 0
                for _ in 0..<(operations / 50) {
                    manager.buildItems(for: menu) { item in if item.validation.isEnabled { enabled &+= 1 } }
                }
                blackHole(enabled)
            }
        },
    ]
}
