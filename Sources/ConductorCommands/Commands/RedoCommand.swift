/// The `Redo` command: redoes the last undone step; disabled when there is nothing to redo.
@MainActor
public final class RedoCommand: Command {
    /// Creates the command.
    public init() {}

    /// Active, titled `Redo <step>`, when there is a step to redo; inactive, titled `Redo`, otherwise.
    public func validate(context: CommandContext) -> CommandValidation {
        guard let stack = context.undoStack else { return .ineligible(reason: "no undo stack") }
        return stack.canRedo
            ? .active(title: stack.redoTitle, shortTitle: "Redo") : .inactive(title: "Redo", shortTitle: "Redo")
    }

    /// Redoes the last undone step.
    public func perform(context: CommandContext) async throws {
        guard let stack = context.undoStack else { throw CommandError.nothingToUndo(operation: "redo") }
        try await stack.redo()
    }
}
