/// A handler object for one asynchronous action, in the seed's form: it receives the action's `param` and a
/// completion to call with the result.
@MainActor
public protocol AsyncActionHandler {
    /// The action this object handles.
    associatedtype Act: AsyncAction
    /// Handles the action's parameter and calls `completion` once with the result.
    func handle(param: Act.ParamType, completion: @escaping @MainActor (Act.ReturnType) -> Void)
}
