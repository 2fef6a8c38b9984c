import ConductorCommands
import Testing

@MainActor
struct ClosureCommandTests {
    @Test func itValidatesAndPerformsWithItsClosures() async throws {
        final class State {
            var enabled = false
            var performed: [Int] = []
        }
        let state = State()
        let command = ClosureCommand("Open") { _ in
            state.enabled ? .active(title: "open") : .inactive(title: "open")
        } perform: { context in
            state.performed.append(try context.int("id"))
        }
        let manager = CommandManager()
        manager.register(command)
        #expect(manager.validate(identifier: "Open(id: 1)") == .inactive(title: "open"))
        state.enabled = true
        try await manager.perform(identifier: "Open(id: 1)")
        #expect(state.performed == [1])
    }

    @Test func withoutAValidatorItIsActiveWithItsTitle() throws {
        let manager = CommandManager()
        manager.register(ClosureCommand("Quit", title: "quit") { _ in })
        #expect(manager.validate(identifier: "Quit") == .active(title: "quit"))
    }
}
