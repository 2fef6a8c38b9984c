/// An object on the responder chain that adds what it knows to the context of actions performed from it or below
/// it.
///
/// ```swift
/// extension MyViewController: ActionContextProvider {
///     func provide(context: ActionContext) {
///         context.append(key: "MyActionObserver", value: self)
///     }
/// }
/// ```
///
/// Not isolated, as in the seed: the manager calls ``provide(context:)`` on the main thread, and any class — a view
/// controller, an XCTest case — may conform in the same extension as to its own protocols.
public protocol ActionContextProvider: AnyObject {
    /// Adds values to the context; called on the main thread.
    func provide(context: ActionContext)
    /// Whether this provider and `other` are the same one, so that it provides once; identity by default.
    func identicalTo(other: any ActionContextProvider) -> Bool
}

extension ActionContextProvider {
    /// Identity.
    public func identicalTo(other: any ActionContextProvider) -> Bool { self === other }
}
