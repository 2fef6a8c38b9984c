/// An object on a responder chain: ``ActionManager/providers(for:)`` follows ``next()`` to find providers.
public protocol ActionResponder {
    /// The next responder, or `nil` at the end of the chain.
    func next() -> (any ActionResponder)?
}
