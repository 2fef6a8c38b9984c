// A migrating app uses the seed's names and Conductor's side by side: both through this one import.
import ConductorCommandsCompat
import Testing

@MainActor
struct ConductorInteropTests {
    final class Counting: Action {
        var count = 0
        override func perform(context: ActionContext) {
            // Conductor's context lives on the main actor, where the manager performs actions.
            let commandContext = context.commandContext
            count += MainActor.assumeIsolated { (try? commandContext.int("by")) ?? 1 }
        }
    }

    @Test func aSeedActionIsAConductorCommandWithValidationAndObservers() async throws {
        let manager = ActionManager()
        let counting = Counting()
        manager.register([counting])
        var heard: [String] = []
        manager.commands.observe("Counting") { event in heard.append("\(event.identifier.name)") }
        try await manager.commands.perform(identifier: "Counting(by: 5)")
        #expect(counting.count == 5)
        #expect(heard == ["Counting", "Counting"])
        #expect(
            manager.commands.validate(identifier: "Counting")
                == Action.Validation(identifier: "Counting").commandValidation)
    }

    @Test func aFailingSeedActionThrowsItsErrorThroughConductor() async {
        struct Broken: Error {}
        final class Failing: Action {
            override func perform(context: ActionContext, completed: @escaping Completion) {
                completed(.failure(Broken()))
            }
        }
        let manager = ActionManager()
        manager.register([Failing()])
        await #expect {
            try await manager.commands.perform(identifier: "Failing")
        } throws: { error in
            (error as? CommandError)?.underlyingError is Broken
        }
    }

    @Test func aConductorCommandIsNotPerformedByTheSeedManagerButReported() {
        final class Native: Command {
            func perform(context: CommandContext) async throws {}
        }
        let manager = ActionManager()
        manager.commands.register(Native())
        var outcome: Action.Result?
        manager.perform(identifier: "Native") { outcome = $0 }
        guard case .failure(let error as CommandError)? = outcome else {
            Issue.record("expected a CommandError")
            return
        }
        #expect(error.code == .unknownCommand)
    }
}
