/// A seed ``Action`` registered with a Conductor `CommandManager`: validating or performing it through Conductor
/// gathers the seed's providers and calls the seed's methods.
@MainActor
final class SeedCommand: Command {
    nonisolated let action: OnMainThread<Action>
    nonisolated let manager: WeakOnMainThread<ActionManager>

    init(action: OnMainThread<Action>, manager: WeakOnMainThread<ActionManager>) {
        self.action = action
        self.manager = manager
    }

    var identifier: String { action.value.identifier }

    func validate(context: CommandContext) -> CommandValidation {
        guard let seed = seedContext(context) else {
            return Action.Validation(identifier: identifier, state: .ineligable).commandValidation
        }
        return seed.action.validate(context: seed).commandValidation
    }

    func perform(context: CommandContext) async throws {
        guard let manager = manager.value, let seed = seedContext(context) else {
            throw ManagerReleased(action: identifier)
        }
        let notifications = manager.notifications
        let logger = manager.logger
        let result: Action.Result = await withCheckedContinuation { continuation in
            ActionManager.performSeed(seed, notifications: notifications, logger: logger) { result in
                continuation.resume(returning: result)
            }
        }
        if case .failure(let error) = result { throw error }
    }

    private func seedContext(_ context: CommandContext) -> ActionContext? {
        guard let manager = manager.value else { return nil }
        return manager.context(
            for: action.value,
            identifier: context.identifier.text,
            info: ActionInfo(sender: context.sender),
            resolution: Resolution(command: self, context: context)
        )
    }
}

/// What Conductor's manager found for an identifier, read on the main actor for the seed's nonisolated code.
struct Resolution: Sendable {
    /// The seed action's command.
    let command: SeedCommand
    /// Conductor's context for the perform.
    let context: CommandContext
    /// The identifier's arguments.
    let arguments: [String: CommandValue]
    /// The identifier's prefix, the dotted components before the action's name.
    let prefix: [String]

    @MainActor
    init(command: SeedCommand, context: CommandContext) {
        self.command = command
        self.context = context
        arguments = context.arguments
        prefix = context.identifier.prefix
    }
}

/// A seed action was performed through Conductor after the ``ActionManager`` that registered it was released.
struct ManagerReleased: Error, CustomStringConvertible {
    let action: String
    var description: String {
        "Action \(action) was performed through its CommandManager after the ActionManager that registered it was "
            + "released; keep the ActionManager alive as long as its actions are performed."
    }
}
