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

/// An object in a responder chain that fills in the context of commands performed from it or below it.
@MainActor
public protocol CommandContextProvider: AnyObject {
    /// Adds what this object knows to the context: a selection, a document, observers.
    func provide(context: CommandContext) throws
}

/// An object in a responder chain that offers commands of its own, which apply only while it is on the chain — a
/// screen's or a flow's commands.
///
/// When a command is validated or performed, the manager asks the chain, nearest first, for a command of the
/// identifier's name; the nearest supplier that has one wins (as AppKit's first responder that implements an
/// action), and commands registered with the manager are the fallback. So two flows may each offer a `Back`, and the
/// one on top answers.
///
/// ```swift
/// extension ItemsCoordinator: CommandSupplier {
///     var suppliedCommands: [String: any Command] { ["Create": createCommand, "Open": openCommand] }
/// }
/// ```
@MainActor
public protocol CommandSupplier: AnyObject {
    /// The commands this object offers, by the name they are invoked by.
    var suppliedCommands: [String: any Command] { get }
}

/// An object in a responder chain: a view, a view controller, a window. The default chain follows
/// ``nextCommandResponder`` from the sender; ``CommandManager/responderChain`` may replace it.
@MainActor
public protocol CommandResponder: AnyObject {
    /// The next object up the chain, or `nil` at the top.
    var nextCommandResponder: (any CommandResponder)? { get }
}

/// Something that asks for a command by identifier: a menu item, a button, a key binding.
@MainActor
public protocol CommandSender: AnyObject {
    /// The identifier of the command to perform, such as `menu.Open("id": "3")`.
    var commandIdentifier: String { get }
}
