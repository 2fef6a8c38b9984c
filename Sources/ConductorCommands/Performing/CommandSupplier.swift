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
