public import ConductorActions

/// The seed's protocol of a dispatcher of synchronous actions, which apps inject and mock: ``ActionsDispatcher``
/// conforms, and an app's mock conforms as it did, with `func dispatch<A: SyncAction>(action: A) -> A.ReturnType`.
/// (The seed's `ActionDispatcher` protocol, for actions that return nothing, is not kept: the name is
/// ConductorActions' dispatcher class; ``SyncActionDispatcher`` covers those actions too.)
public protocol SyncActionDispatcher {
    /// Dispatches a synchronous action and returns its result.
    func dispatch<A: SyncAction>(action: A) -> A.ReturnType
}

extension ActionsDispatcher: SyncActionDispatcher, AsyncActionDispatcher {}
