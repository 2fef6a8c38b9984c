/// An object in a responder chain: a view, a view controller, a window. The default chain follows
/// ``nextCommandResponder`` from the sender; ``CommandManager/responderChain`` may replace it.
@MainActor
public protocol CommandResponder: AnyObject {
    /// The next object up the chain, or `nil` at the top.
    var nextCommandResponder: (any CommandResponder)? { get }
}
