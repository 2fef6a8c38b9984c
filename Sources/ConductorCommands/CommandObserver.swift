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
}

extension CommandObserver {
    /// Does nothing.
    public func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {}
    /// Does nothing.
    public func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {}
    /// Does nothing.
    public func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {}
}
