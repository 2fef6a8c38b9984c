/// What a middleware knows about the dispatch it wraps.
public struct DispatchContext: Sendable, CustomStringConvertible {
    /// The action type being dispatched.
    public let action: ActionKey
    /// The name of the dispatcher whose handler runs.
    public let dispatcher: String

    /// Creates a context; dispatchers make these, tests of middleware may too.
    package init(action: ActionKey, dispatcher: String) {
        self.action = action
        self.dispatcher = dispatcher
    }

    /// `ActionName → dispatcher`.
    public var description: String { "\(action.name) → \(dispatcher)" }
}
