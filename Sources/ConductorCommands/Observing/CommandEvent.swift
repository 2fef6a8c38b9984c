/// One stage of a command's perform, as heard by ``CommandManager/observe(_:_:)``.
@MainActor
public enum CommandEvent {
    /// The command is about to perform: validation allowed it.
    case willPerform(CommandContext)
    /// The command performed.
    case didPerform(CommandContext)
    /// The command, a provider or validation failed. The context is `nil` when the failure came before there was
    /// one, such as an unknown command.
    case didFail(CommandIdentifier, CommandContext?, CommandError)

    /// The identifier the command was invoked by.
    public var identifier: CommandIdentifier {
        switch self {
        case .willPerform(let context), .didPerform(let context): context.identifier
        case .didFail(let identifier, _, _): identifier
        }
    }

    /// The context, when there is one.
    public var context: CommandContext? {
        switch self {
        case .willPerform(let context), .didPerform(let context): context
        case .didFail(_, let context, _): context
        }
    }

    /// The error, for ``didFail(_:_:_:)``.
    public var error: CommandError? {
        if case .didFail(_, _, let error) = self { return error }
        return nil
    }
}
