internal import ConductorStore

extension Store {
    /// The state `intents` lead to from `state` through the store's reducer — its effects ignored, the store
    /// untouched: what time travel and import show.
    func replayed(_ intents: some Sequence<IntentType>, onto state: State) -> State {
        IntentLog(Array(intents)).replay(onto: state, reducer: reducer)
    }
}
