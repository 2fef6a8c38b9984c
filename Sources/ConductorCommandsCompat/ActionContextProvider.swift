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
/// Only ``provide(context:)`` is on the main actor, so that the extension declaring this conformance may declare
/// other conformances too, as the seed's README does.
public protocol ActionContextProvider: AnyObject {
    /// Adds values to the context.
    @MainActor func provide(context: ActionContext)
    /// Whether this provider and `other` are the same one, so that it provides once; identity by default.
    func identicalTo(other: any ActionContextProvider) -> Bool
}

extension ActionContextProvider {
    /// Identity.
    public func identicalTo(other: any ActionContextProvider) -> Bool { self === other }
}
