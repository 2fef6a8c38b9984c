import ConductorActions
import ConductorCommands
import Testing

struct ShowItem: Action { let id: Int }

@MainActor
struct ActionCommandTests {
    @Test func aCommandBuildsAnActionFromItsContextAndSendsIt() async throws {
        let router = ActionRouter(name: "commands")
        let manager = CommandManager()
        manager.register(ActionCommand("Open", router: router) { context in ShowItem(id: try context.int("id")) })
        #expect(manager.validate(identifier: "Open(id: 1)").state == .inactive)
        let dispatcher = ActionDispatcher(router: router)
        var shown: [Int] = []
        try dispatcher.register(ShowItem.self) { shown.append($0.id) }
        #expect(manager.validate(identifier: "menu.Open(id: 1)").isEnabled)
        try await manager.perform(identifier: #"menu.Open("id": "3", "focus": true)"#)
        #expect(shown == [3])
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Open") }
    }
}
