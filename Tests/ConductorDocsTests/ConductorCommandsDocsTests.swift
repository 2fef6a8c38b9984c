// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of ConductorCommands' module page, compiled and run.
import ConductorCommands
import Testing

@MainActor
private final class OpenCommand: Command {
    var opened: [Int] = []
    func validate(context: CommandContext) -> CommandValidation {
        context["id"] == nil ? .inactive(title: "Open") : .active(title: "Open")
    }
    func perform(context: CommandContext) async throws {
        opened.append(try context.int("id"))
    }
}

@MainActor
private func example() async throws -> [Int] {
    let manager = CommandManager()
    let open = OpenCommand()
    manager.register(open)                                    // as "Open"
    print(manager.validate(identifier: "menu.Open").isEnabled)     // false: no id
    try await manager.perform(identifier: #"menu.Open("id": "3")"#)
    try await manager.perform(identifier: "toolbar.Open(id: 4)")   // the plain form
    return open.opened                                            // [3, 4]
}

@MainActor
struct ConductorCommandsDocsTests {
    @Test func theModulePageExampleRuns() async throws {
        #expect(try await example() == [3, 4])
    }
}
