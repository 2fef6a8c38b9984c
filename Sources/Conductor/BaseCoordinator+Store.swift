/// Coordinators own state: a flow subscribes to its store (or a scoped store of its parent's) for as long as it runs,
/// and cancels the effects it started when it ends.
extension BaseCoordinator {
    /// Calls `handler` with the selected value now, then whenever it changes, until the flow ends. `store` is a
    /// `Store` or a scope of one.
    ///
    /// ```swift
    /// override func start() {
    ///     observe(store, \.items) { [weak self] items in self?.list.show(items) }
    /// }
    /// ```
    public func observe<State, IntentType, EffectType, Value: Equatable>(
        _ store: Store<State, IntentType, EffectType>,
        _ keyPath: KeyPath<State, Value>,
        _ handler: @escaping @MainActor (Value) -> Void
    ) {
        guard !hasEnded else { return }
        keep(store.subscribe(keyPath, handler: handler))
    }

    /// Cancels the running effects with these ids when the flow ends: the work a flow started stops with it. `store`
    /// is a `Store` or a scope of one (whose effects run in its root store).
    ///
    /// An effect cancelled so should stop: an intent it sends back afterwards — the answer of a command of the flow's
    /// that arrives after the flow finished — has nowhere to go. It is dropped and reported (IssueReporting's
    /// `reportIssue`: a runtime warning in the app, a failure in tests), as an intent sent to an ended scope is. An
    /// effect whose answer must reach the store whatever happens to the flow is left out of `ids`.
    public func cancelEffectsWhenEnded<State, IntentType, EffectType>(
        _ ids: [EffectID],
        of store: Store<State, IntentType, EffectType>
    ) {
        onEnd { [weak store, name] in
            for id in ids { store?.cancelEffects(id: id, endingFlow: name) }
        }
    }
}
