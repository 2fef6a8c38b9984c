/// Actions into a store: routed action types become intents of the store that owns the state.
extension Store {
    /// Handles an action type on `dispatcher` by sending the intent it maps to, so any screen's `send()` of the
    /// action lands in this store.
    ///
    /// ```swift
    /// try store.handle(ToggleIDs.self, on: coordinator.dispatcher) { _ in .toggleIDs }
    /// try ToggleIDs().send()          // from any screen: the store processes .toggleIDs
    /// ```
    ///
    /// The dispatcher keeps the store alive for as long as the handler is registered.
    /// - Parameters:
    ///   - type: The action type.
    ///   - dispatcher: Where the action is handled; its router routes it.
    ///   - intent: The intent the action stands for; throw to refuse an action (the sender gets the error).
    /// - Throws: `ActionError/duplicateHandler(action:existing:rejected:router:)` when the type is handled already.
    public func handle<A: Action>(
        _ type: A.Type,
        on dispatcher: ActionDispatcher,
        intent: @escaping @MainActor (A) throws -> IntentType
    ) throws(ActionError) where A.ReturnType == Void {
        try dispatcher.register(type) { action in self.send(try intent(action)) }
    }

    /// Handles an asynchronous action type on `dispatcher`: sends the intent it maps to, waits until the effects that
    /// intent caused have finished (`sendAndWait(_:)`), and returns a value read from its ``IntentOutcome``: the
    /// intents its own effects sent back and the settled state. With two actions in flight, each reads its own answer.
    ///
    /// ```swift
    /// struct SaveItem: AsyncAction { typealias ReturnType = Item; let title: String }
    ///
    /// try store.handle(SaveItem.self, on: coordinator.dispatcher) { .addItem($0.title) } result: { outcome, _ in
    ///     if let error = outcome.first(where: \.saveError) { throw error }
    ///     guard let item = outcome.first(where: \.addedItem) else { throw NotSaved() }
    ///     return item
    /// }
    /// let item = try await SaveItem(title: "Milk").send()   // the item with the id the database gave it
    /// ```
    /// - Parameters:
    ///   - type: The action type.
    ///   - dispatcher: Where the action is handled; its router routes it.
    ///   - intent: The intent the action stands for; throw to refuse an action.
    ///   - result: Reads the action's result from the intent's outcome; throw to report that the intent failed.
    /// - Throws: `ActionError/duplicateHandler(action:existing:rejected:router:)` when the type is handled already.
    public func handle<A: AsyncAction>(
        _ type: A.Type,
        on dispatcher: ActionDispatcher,
        intent: @escaping @MainActor (A) throws -> IntentType,
        result: @escaping @MainActor (IntentOutcome<State, IntentType>, A) throws -> A.ReturnType
    ) throws(ActionError) {
        try dispatcher.register(type) { action in
            let sentBack = await self.sendAndWait(try intent(action))
            return try result(IntentOutcome(state: self.state, sentBack: sentBack), action)
        }
    }
}
