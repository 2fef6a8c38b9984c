internal import Logging

/// A seed ``Action`` registered with a Conductor `CommandManager`: validating or performing it through Conductor
/// gathers the seed's providers and calls the seed's methods.
@MainActor
final class SeedCommand: Command {
    let action: Action
    unowned let manager: ActionManager

    init(action: Action, manager: ActionManager) {
        self.action = action
        self.manager = manager
    }

    var identifier: String { action.identifier }

    func validate(context: CommandContext) -> CommandValidation {
        action.validate(context: seedContext(context)).commandValidation
    }

    func perform(context: CommandContext) async throws {
        let seed = seedContext(context)
        let notifications = manager.notifications
        seed.notify(stage: .willPerform, global: notifications)
        let result: Action.Result = await withCheckedContinuation { continuation in
            var finished = false
            action.perform(context: seed) { result in
                // The seed never guarded against a second call; resuming twice would trap, so later calls are
                // logged instead.
                guard !finished else {
                    self.manager.logger.error("Action \(self.action.identifier) called its completion twice.")
                    return
                }
                finished = true
                continuation.resume(returning: result)
            }
        }
        switch result {
        case .success: seed.notify(stage: .didPerform, global: notifications)
        case .failure(let error):
            seed.notify(stage: .didFail(error), global: notifications)
            throw error
        }
    }

    private func seedContext(_ context: CommandContext) -> ActionContext {
        let info = ActionInfo(sender: context.sender)
        return manager.context(for: action, identifier: context.identifier.text, info: info, commandContext: context)
    }
}
