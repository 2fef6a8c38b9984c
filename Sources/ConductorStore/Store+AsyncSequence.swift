extension Store where State: Sendable {
    /// The state as an asynchronous sequence: the current state first, then the state after every intent.
    ///
    /// ```swift
    /// for await state in store.states() { render(state) }
    /// ```
    /// The sequence ends its subscription when the iterating task is cancelled or the sequence is released.
    /// - Parameter bufferingPolicy: What to keep when the consumer is slower than the store; every state by
    ///   default, `.bufferingNewest(1)` for "latest only".
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<State> {
        stream(bufferingPolicy) { continuation in self.subscribe(selector: { $0 }) { continuation.yield($0) } }
    }
}

extension Store {
    /// A part of the state as an asynchronous sequence: its current value, then each new value when it changes.
    ///
    /// ```swift
    /// for await count in store.values(of: \.count) { print(count) }
    /// ```
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - bufferingPolicy: What to keep when the consumer is slower than the store; every value by default.
    package func values<Value: Equatable & Sendable>(
        of keyPath: KeyPath<State, Value>,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        stream(bufferingPolicy) { continuation in self.subscribe(keyPath) { continuation.yield($0) } }
    }

    /// A view of the state — a view model, a row's contents — as an asynchronous sequence: `selector`'s value now,
    /// then each new value when it changes (by `==`). The same change-only view as `subscribe(selector:handler:)`,
    /// for code that iterates.
    ///
    /// ```swift
    /// struct ItemsViewModel: Equatable, Sendable { let titles: [String]; let canUndo: Bool }
    /// for await model in store.values(selector: { ItemsViewModel(titles: $0.titles, canUndo: $0.canUndo) }) {
    ///     render(model)
    /// }
    /// ```
    /// - Parameters:
    ///   - selector: A pure function of the state.
    ///   - bufferingPolicy: What to keep when the consumer is slower than the store; every value by default.
    public func values<Value: Equatable & Sendable>(
        selector: @escaping @Sendable (State) -> Value,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        stream(bufferingPolicy) { continuation in self.subscribe(selector: selector) { continuation.yield($0) } }
    }

    /// A stream fed by a subscription. The subscription's handler holds the continuation and the continuation's
    /// termination handler holds the token, so the two keep each other alive until the stream ends: the store
    /// finishes every stream it made when it is released (``openStreams``), and ending the stream ends the
    /// subscription.
    private func stream<Element: Sendable>(
        _ bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        _ subscribe: (AsyncStream<Element>.Continuation) -> SubscriptionToken
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let token = subscribe(continuation)
        // The stream's token keeps no store: the store keeps the stream (its finisher), which keeps the token.
        token.store = nil
        let streams = openStreams
        let id = streams.add { continuation.finish() }
        continuation.onTermination = { _ in
            streams.remove(id)
            Task { @MainActor in token.cancel() }
        }
        return stream
    }
}
