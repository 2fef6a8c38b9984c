/// A handler object for one asynchronous action, in the seed's form: it receives the action's `param` and a
/// completion to call with the result.
///
/// ``handle(param:completion:)`` is called on the main actor; `completion` may be called from any thread, once.
public protocol AsyncActionHandler {
    /// The action this object handles.
    associatedtype Act: AsyncAction
    /// Handles the action's parameter and calls `completion` once with the result, now or later, on any thread.
    @MainActor func handle(param: Act.ParamType, completion: @escaping (Act.ReturnType) -> Void)
}
