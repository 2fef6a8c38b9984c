/// An object that handles one asynchronous action type, registered with `ActionDispatcher.register(handler:)`.
///
/// The handler starts on the main actor and may suspend; the dispatcher keeps it for as long as it is registered.
@MainActor
package protocol AsyncActionHandler {
    /// The action type this handler handles.
    associatedtype HandledAction: AsyncAction
    /// Handles one action and eventually returns its result.
    func handle(action: HandledAction) async throws -> HandledAction.ReturnType
}
