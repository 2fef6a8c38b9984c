/// A handler object for one synchronous action, in the seed's form: it receives the action's `param`.
///
/// Register it with `ActionsDispatcher.register(handler:)`. Only ``handle(param:)`` is on the main actor, where the
/// dispatcher calls it, so a handler type stays free of isolation and can be created anywhere, as the seed's were.
public protocol ActionHandler {
    /// The action this object handles.
    associatedtype Act: Action
    /// Handles the action's parameter and returns its result.
    @MainActor func handle(param: Act.ParamType) -> Act.ReturnType
}
