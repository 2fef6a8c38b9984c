/// Hears about performed commands: before, after, and when one fails.
///
/// Register global observers with ``CommandManager/addObserver(_:)``; providers add per-perform observers with
/// ``CommandContext/addObserver(_:)``. All methods have empty defaults.
@MainActor
public protocol CommandObserver: AnyObject {
    /// Called before the command performs, after validation.
    func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext)
    /// Called after the command performed.
    func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext)
    /// Called when the command, a provider or validation failed.
    func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError)
    /// Called after ``CommandManager/validate(identifier:info:sender:)`` validated an identifier that parses —
    /// menus do this often, so keep it cheap. The context is `nil` when the command is unknown or a provider threw.
    func commandDidValidate(_ identifier: CommandIdentifier, context: CommandContext?, validation: CommandValidation)
}

extension CommandObserver {
    /// Does nothing.
    public func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {}
    /// Does nothing.
    public func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {}
    /// Does nothing.
    public func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {}
    /// Does nothing.
    public func commandDidValidate(
        _ identifier: CommandIdentifier, context: CommandContext?, validation: CommandValidation
    ) {}
}
