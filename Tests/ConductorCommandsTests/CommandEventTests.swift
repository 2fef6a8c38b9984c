import ConductorCommands
import Testing

@MainActor
struct CommandEventTests {
    @Test func aFailureBeforeThereIsAContextStillNamesTheIdentifier() throws {
        let identifier = try CommandIdentifier(parsing: "menu.Open(id: 3)")
        let event = CommandEvent.didFail(identifier, nil, .cancelled(identifier: identifier))
        #expect(event.identifier == identifier)
        #expect(event.context == nil)
        #expect(event.error == .cancelled(identifier: "menu.Open(id: 3)"))
    }
}
