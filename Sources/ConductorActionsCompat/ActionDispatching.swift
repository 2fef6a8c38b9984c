public import ConductorActions

/// The seed's protocol of a dispatcher of synchronous actions, which apps inject and mock: ``ActionsDispatcher``
/// conforms. (The seed's `ActionDispatcher` protocol, for actions that return nothing, is not kept: the name is
/// ConductorActions' dispatcher class; ``SyncActionDispatcher`` covers those actions too.)
public protocol SyncActionDispatcher {
    /// Dispatches a synchronous action and returns its result.
    func dispatch<A: ConductorActions.Action>(action: A) -> A.ReturnType
}

/// The seed's protocol of a dispatcher of asynchronous actions, which apps inject and mock: ``ActionsDispatcher``
/// conforms.
public protocol AsyncActionDispatcher {
    /// Dispatches an asynchronous action and calls `completion` with its result on the main actor.
    func dispatch<A: ConductorActions.AsyncAction>(action: A, completion: @escaping @MainActor (A.ReturnType) -> Void)
}

extension ActionsDispatcher: SyncActionDispatcher, AsyncActionDispatcher {}
