internal import IssueReporting
internal import Observation

extension Store {
    /// Replaces the state without an intent — no reducer, no effects, no middleware, nothing recorded — and tells
    /// subscribers and Observation what changed: for time-travel debugging, restoring a saved session, and
    /// previews. Everything else changes state through intents. With ``reducer``, how a debugger shows the state
    /// after any past intent:
    ///
    /// ```swift
    /// let third = IntentLog(Array(log.intents.prefix(3))).replay(onto: initialState, reducer: store.reducer)
    /// store.restore(third)
    /// ```
    ///
    /// A scoped store shows its parent's state: restore the root store (a scoped store reports the call and ignores
    /// it).
    public func restore(_ state: State) {
        if let connection {
            return reportIssue(
                "restore(_:) was called on the store of \(connection.name), a scoped store, which shows its parent's "
                    + "state: restore the root store instead.")
        }
        registrar.withMutation(of: self, keyPath: \.state) { stateValue = state }
        stateWasRead = false
        if !subscriptions.isEmpty { notifySubscribers() }
    }
}
