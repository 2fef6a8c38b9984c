import ConductorCommands
import Testing

extension CommandKey where Value == String {
    static var deleteTarget: Self { Self("deleteTarget") }
}

@MainActor
final class TargetProvider: CommandContextProvider {
    var target: String?
    func provide(context: CommandContext) { context[.deleteTarget] = target }
}

@MainActor
struct DelegatedCommandTests {
    @Test func itPerformsTheCommandTheContextChooses() async throws {
        let manager = CommandManager()
        let open = OpenCommand()
        manager.register(open)
        manager.register(DelegatedCommand("Go") { $0[.deleteTarget] })
        let provider = TargetProvider()
        manager.rootProviders = [provider]
        provider.target = "Open"
        #expect(manager.validate(identifier: "Go(id: 1)").isEnabled)
        try await manager.perform(identifier: "Go(id: 7)")
        #expect(open.performed == [7])
    }

    @Test func aMissingDelegateIsInactiveAndATypedFailure() async throws {
        let manager = CommandManager()
        manager.register(DelegatedCommand("Go") { _ in nil })
        #expect(manager.validate(identifier: "Go").state == .inactive)
        manager.rootProviders = [SkipValidation()]
        await #expect(throws: CommandError.missingDelegate(identifier: "Go")) {
            try await manager.perform(identifier: "Go")
        }
    }

    /// The doc promised `missingDelegate`, but validation once refused first with `notAllowed`.
    @Test func performingWithoutADelegateIsAMissingDelegateEvenWhenValidated() async throws {
        let manager = CommandManager()
        manager.register(DelegatedCommand("Go") { _ in nil })
        await #expect(throws: CommandError.missingDelegate(identifier: "Go")) {
            try await manager.perform(identifier: "Go")
        }
    }
}
