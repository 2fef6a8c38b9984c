public import ConductorActions

/// The seed's protocol of a dispatcher of asynchronous actions, which apps inject and mock: ``ActionsDispatcher``
/// conforms.
public protocol AsyncActionDispatcher {
    /// Dispatches an asynchronous action and calls `completion` with its result on the main actor.
    func dispatch<A: AsyncAction>(action: A, completion: @escaping @MainActor (A.ReturnType) -> Void)
}
