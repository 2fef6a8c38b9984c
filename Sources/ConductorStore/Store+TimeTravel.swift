internal import Observation

extension Store {
    /// The state the store's reducer produces from `initial` for `intents`, in order, ignoring the effects it
    /// returns; the store itself is untouched. With ``restore(_:)``, how a time-travel debugger shows the state
    /// after any past intent.
    ///
    /// ```swift
    /// let third = store.replay(log.intents.prefix(3), onto: initialState)
    /// store.restore(third)
    /// ```
    package func replay(_ intents: some Sequence<IntentType>, onto initial: State) -> State {
        var state = initial
        for intent in intents { _ = reducer(&state, intent) }
        return state
    }

    /// Replaces the state without an intent — no reducer, no effects, no middleware, nothing recorded — and tells
    /// subscribers and Observation what changed: for time-travel debugging, restoring a saved session, and
    /// previews. Everything else changes state through intents.
    public func restore(_ state: State) {
        registrar.withMutation(of: self, keyPath: \.state) { stateValue = state }
        stateWasRead = false
        if !subscriptions.isEmpty { notifySubscribers() }
    }
}
