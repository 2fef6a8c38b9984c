/// The `Undo` command: undoes the last step of the context's undo stack; disabled when there is nothing to undo.
@MainActor
public final class UndoCommand: Command {
    /// Creates the command.
    public init() {}

    /// Active, titled `Undo <step>`, when there is a step to undo; inactive, titled `Undo`, otherwise.
    public func validate(context: CommandContext) -> CommandValidation {
        guard let stack = context.undoStack else { return .ineligible(reason: "no undo stack") }
        return stack.canUndo
            ? .active(title: stack.undoTitle, shortTitle: "Undo") : .inactive(title: "Undo", shortTitle: "Undo")
    }

    /// Undoes the last step.
    public func perform(context: CommandContext) async throws {
        guard let stack = context.undoStack else { throw CommandError.nothingToUndo(operation: "undo") }
        try await stack.undo()
    }
}
