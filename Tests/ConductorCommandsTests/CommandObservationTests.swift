import ConductorCommands
import Testing

@MainActor
struct CommandObservationTests {
    let manager = CommandManager()
    let open = OpenCommand()

    init() throws {
        manager.register(open)
        manager.register(FailingCommand())
    }

    @Test func anObservationForOneNameHearsOnlyThatCommand() async throws {
        var heard: [String] = []
        manager.observe("Open") { event in heard.append("\(event) \(event.identifier.name)") }
        try await manager.perform(identifier: "menu.Open(id: 1)")
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Failing") }
        #expect(heard.map { String($0.prefix { $0 != "(" }) } == ["willPerform", "didPerform"])
    }

    @Test func anObservationForAllHearsFailuresWithTheirError() async throws {
        var events: [CommandEvent] = []
        manager.observe { events.append($0) }
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Failing") }
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Nowhere") }
        #expect(events.map(\.identifier.name) == ["Failing", "Failing", "Nowhere"])
        #expect(events[1].error?.code == .failed)
        #expect(events[2].error?.code == .unknownCommand)
        #expect(events[2].context == nil)
    }

    @Test func cancellingStopsTheObservationAndReleasesItsClosure() async throws {
        final class Witness {}
        var witness: Witness? = Witness()
        weak let released = witness
        var count = 0
        let observation = manager.observe { [witness] _ in
            _ = witness
            count += 1
        }
        witness = nil
        try await manager.perform(identifier: "Open(id: 1)")
        #expect(count == 2)
        observation.cancel()
        #expect(released == nil)
        try await manager.perform(identifier: "Open(id: 2)")
        #expect(count == 2)
    }

    @Test func aProviderCanObserveTheOnePerformItFilled() async throws {
        final class Watcher: CommandContextProvider {
            var heard: [String] = []
            func provide(context: CommandContext) {
                context.observe("Open") { [unowned self] event in heard.append(event.identifier.text) }
            }
        }
        let watcher = Watcher()
        manager.rootProviders = [watcher]
        try await manager.perform(identifier: "Open(id: 1)")
        manager.rootProviders = []
        try await manager.perform(identifier: "Open(id: 2)")
        #expect(watcher.heard == ["Open(id: 1)", "Open(id: 1)"])
    }
}

@MainActor
struct CommandValidationObserverTests {
    @MainActor
    final class Validations: CommandObserver {
        var heard: [String] = []
        func commandDidValidate(
            _ identifier: CommandIdentifier, context: CommandContext?, validation: CommandValidation
        ) {
            heard.append("\(identifier.name) \(validation.state) \(context == nil ? "no context" : "context")")
        }
    }

    @Test func observersHearEachValidationOfAnIdentifierThatParses() throws {
        let manager = CommandManager()
        manager.register(OpenCommand())
        let validations = Validations()
        manager.addObserver(validations)
        _ = manager.validate(identifier: "Open")
        _ = manager.validate(identifier: "Open(id: 1)")
        _ = manager.validate(identifier: "Missing")
        _ = manager.validate(identifier: "Open(id: ")
        #expect(validations.heard == ["Open inactive context", "Open active context", "Missing ineligible no context"])
    }
}
