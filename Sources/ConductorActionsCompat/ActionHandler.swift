/// A handler object for one synchronous action, in the seed's form: it receives the action's `param`.
///
/// Register it with `ActionsDispatcher.register(handler:)`.
@MainActor
public protocol ActionHandler {
    /// The action this object handles.
    associatedtype Act: Action
    /// Handles the action's parameter and returns its result.
    func handle(param: Act.ParamType) -> Act.ReturnType
}
