/// A command that performs another command, chosen by the context: `Delete` runs `DeleteItem` in the items list and
/// `DeleteNote` in the notes editor.
///
/// ```swift
/// manager.register(DelegatedCommand("Delete") { context in context[.deleteTarget] })
/// ```
///
/// When the chooser returns `nil` the command validates as inactive and performing it throws
/// `CommandError.missingDelegate(identifier:)`.
@MainActor
public final class DelegatedCommand: Command {
    /// The identifier the command registers under.
    public let identifier: String
    private let choose: @MainActor (CommandContext) -> String?

    /// Creates a delegated command.
    /// - Parameters:
    ///   - identifier: Its own identifier.
    ///   - choose: Returns the identifier of the command to run for a context, or `nil` when there is none.
    public init(_ identifier: String, choose: @escaping @MainActor (CommandContext) -> String?) {
        self.identifier = identifier
        self.choose = choose
    }

    /// Whether the context chooses a command to delegate to.
    func hasDelegate(_ context: CommandContext) -> Bool {
        guard let target = choose(context) else { return false }
        return target != identifier
    }

    /// The delegate's validation, or inactive when there is no delegate.
    public func validate(context: CommandContext) -> CommandValidation {
        guard let target = choose(context), target != identifier else {
            return CommandValidation(state: .inactive, title: identifier, reason: "no command to delegate to")
        }
        return context.manager.validate(identifier: target, info: context.arguments, sender: context.sender)
    }

    /// Performs the delegate with this context's arguments and sender.
    public func perform(context: CommandContext) async throws {
        guard let target = choose(context), target != identifier else {
            throw CommandError.missingDelegate(identifier: context.identifier)
        }
        try await context.manager.perform(identifier: target, info: context.arguments, sender: context.sender)
    }
}
