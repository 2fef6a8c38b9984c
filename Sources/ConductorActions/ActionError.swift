/// A failure to register, route or complete an action, naming the action type and the dispatchers involved.
///
/// Every case's ``description`` says what happened and what to do about it.
public enum ActionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A handler for `action` is already registered on the dispatcher named `existing`, so the dispatcher named
    /// `rejected` cannot register another. When both names are equal the duplicate was on one dispatcher; otherwise
    /// the two dispatchers share the router named `router`.
    case duplicateHandler(action: String, existing: String, rejected: String, router: String?)
    /// No live dispatcher of the router named `router` handles `action`; `dispatchers` lists the live dispatchers
    /// that were joined to it.
    case unhandled(action: String, router: String, dispatchers: [String])
    /// The dispatcher named `dispatcher` has no handler for `action`.
    case notRegistered(action: String, dispatcher: String)
    /// The dispatcher named `dispatcher` was released while its handler for `action` was still running; the
    /// handler was cancelled and its result, if any, discarded.
    case dispatcherReleased(action: String, dispatcher: String)

    /// The fully qualified name of the action type the error is about.
    public var action: String {
        switch self {
        case .duplicateHandler(let action, _, _, _), .unhandled(let action, _, _), .notRegistered(let action, _),
            .dispatcherReleased(let action, _):
            return action
        }
    }

    /// A sentence that says what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .duplicateHandler(let action, let existing, let rejected, let router):
            if existing == rejected {
                return "Action '\(action)' already has a handler on dispatcher '\(existing)'. An action type has "
                    + "exactly one handler: call unregister(\(Self.typeName(action)).self) before registering "
                    + "another."
            }
            return "Action '\(action)' is already handled by dispatcher '\(existing)' in router '\(router ?? "?")', "
                + "so dispatcher '\(rejected)' cannot handle it too. An action type has exactly one handler per "
                + "router: unregister it from '\(existing)', release that dispatcher, or give one of them its own "
                + "ActionRouter."
        case .unhandled(let action, let router, let dispatchers):
            let live =
                dispatchers.isEmpty
                ? "it has no live dispatchers"
                : "its live dispatchers are \(dispatchers.map { "'\($0)'" }.joined(separator: ", "))"
            return "No live dispatcher in router '\(router)' handles action '\(action)' (\(live)). Register a "
                + "handler with register(\(Self.typeName(action)).self) on a dispatcher joined to this router, and "
                + "keep that dispatcher alive: routers hold dispatchers weakly."
        case .notRegistered(let action, let dispatcher):
            return "Dispatcher '\(dispatcher)' has no handler for action '\(action)'. Register one with "
                + "register(\(Self.typeName(action)).self) first, or check supports(\(Self.typeName(action)).self)."
        case .dispatcherReleased(let action, let dispatcher):
            return "Dispatcher '\(dispatcher)' was released while handling action '\(action)'; the handler was "
                + "cancelled and its result discarded. Keep the dispatcher (or the coordinator that owns it) alive "
                + "until the actions it handles have finished."
        }
    }

    private static func typeName(_ qualified: String) -> String { ActionKey.shortName(of: qualified) }
}
