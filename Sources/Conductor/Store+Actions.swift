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
    /// intent caused have finished (`sendAndWait(_:)`), and returns a value read from the state then.
    ///
    /// ```swift
    /// struct SaveItem: AsyncAction { typealias ReturnType = Item; let title: String }
    ///
    /// try store.handle(SaveItem.self, on: coordinator.dispatcher) { .addItem($0.title) } result: { state, _ in
    ///     if let error = state.lastError { throw error }
    ///     return state.lastAdded!
    /// }
    /// let item = try await SaveItem(title: "Milk").send()   // the item with the id the database gave it
    /// ```
    /// - Parameters:
    ///   - type: The action type.
    ///   - dispatcher: Where the action is handled; its router routes it.
    ///   - intent: The intent the action stands for; throw to refuse an action.
    ///   - result: Reads the action's result from the settled state; throw to report that the intent failed.
    /// - Throws: `ActionError/duplicateHandler(action:existing:rejected:router:)` when the type is handled already.
    public func handle<A: AsyncAction>(
        _ type: A.Type,
        on dispatcher: ActionDispatcher,
        intent: @escaping @MainActor (A) throws -> IntentType,
        result: @escaping @MainActor (State, A) throws -> A.ReturnType
    ) throws(ActionError) {
        try dispatcher.register(type) { action in
            await self.sendAndWait(try intent(action))
            return try result(self.state, action)
        }
    }
}
