/// An object that handles one synchronous action type, registered with `ActionDispatcher.register(handler:)`.
///
/// ```swift
/// struct Doubler: ActionHandler {
///     func handle(action: MultiplyByTwo) -> Int { action.value * 2 }
/// }
/// try dispatcher.register(handler: Doubler())
/// ```
///
/// The dispatcher keeps the handler for as long as it is registered.
@MainActor
package protocol ActionHandler {
    /// The action type this handler handles.
    associatedtype HandledAction: Action
    /// Handles one action and returns its result.
    func handle(action: HandledAction) throws -> HandledAction.ReturnType
}
