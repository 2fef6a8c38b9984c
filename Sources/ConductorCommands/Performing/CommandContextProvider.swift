/// An object in a responder chain that fills in the context of commands performed from it or below it.
@MainActor
public protocol CommandContextProvider: AnyObject {
    /// Adds what this object knows to the context: a selection, a document, observers.
    func provide(context: CommandContext) throws
}
