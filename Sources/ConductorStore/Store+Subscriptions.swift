extension Store {
    /// Calls `handler` with the selected value now, then whenever it changes.
    ///
    /// Subscriptions by key path are the cheapest kind: subscribers of one key path share one read and one
    /// comparison per intent.
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - handler: Receives the value, on the main actor.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let subscription = Subscription(id: subscriptions.makeID(), handler: handler)
        let current = stateValue[keyPath: keyPath]
        subscriptions.add(subscription, keyPath: keyPath) { Self.probe(reading: keyPath, from: current) }
        handler(current)
        return makeToken(subscription)
    }

    /// Calls `handler` with the selected value now, then whenever it changes (by `==`).
    ///
    /// The selector is `@Sendable`: a pure function of the state, such as `{ $0.items.count }`. It runs on every
    /// intent, so it should be cheap; being nonisolated, it costs no executor check per call.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value: Equatable>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        // Compares with `==` inside the probe, specialised here, rather than through an `isEqual` closure.
        let subscription = Subscription(id: subscriptions.makeID(), handler: handler)
        let initial = selector(stateValue)
        subscriptions.add(subscription, probe: Self.probe(selecting: selector, from: initial))
        handler(initial)
        return makeToken(subscription)
    }

    /// Calls `handler` with the selected value now, then after every intent: a value that is not `Equatable`
    /// cannot tell whether it changed.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        subscribe(selector: selector, isEqual: nil, handler: handler)
    }

    /// Calls `handler` with the whole state now, then after every intent.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe(handler: @escaping @MainActor (State) -> Void) -> SubscriptionToken {
        subscribe(selector: { $0 }, isEqual: nil, handler: handler)
    }

    /// How many subscriptions are live.
    public var subscriptionCount: Int { subscriptions.count }

    @inlinable
    func subscribe<Value>(
        selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let subscription = Subscription(id: subscriptions.makeID(), handler: handler)
        let initial = selector(stateValue)
        subscriptions.add(subscription, probe: Self.probe(selecting: selector, isEqual: isEqual, from: initial))
        handler(initial)
        return makeToken(subscription)
    }

    @usableFromInline
    func makeToken(_ subscription: AnySubscription) -> SubscriptionToken {
        let id = subscription.id
        return SubscriptionToken(subscription: subscription, graveyard: subscriptions.graveyard) { [weak self] in
            self?.subscriptions.remove(id)
        }
    }
}

// Probes are made in nonisolated functions: a closure formed inside the store's main-actor methods would be
// main-actor-isolated, and calling it through the table's nonisolated `Probe` type would check the current executor
// on every call. The table calls probes only on the main actor, synchronously.
extension Store {
    @inlinable
    nonisolated static func probe<Value: Equatable>(
        reading keyPath: KeyPath<State, Value>,
        from current: Value
    ) -> Probe<State> {
        let last = LastValue(current)
        // A key path made only of stored properties of structs has a fixed offset: reading at it is a pointer
        // addition, where applying the key path walks its components at run time.
        if let offset = MemoryLayout<State>.offset(of: keyPath) {
            return { state in
                let value = withUnsafePointer(to: &state) {
                    UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
                }
                if value == last.value { return nil }
                last.value = value
                return SelectedValue(value)
            }
        }
        return { state in
            let value = state[keyPath: keyPath]
            if value == last.value { return nil }
            last.value = value
            return SelectedValue(value)
        }
    }

    @inlinable
    nonisolated static func probe<Value: Equatable>(
        selecting selector: @escaping @Sendable (State) -> Value,
        from initial: Value
    ) -> Probe<State> {
        let last = LastValue(initial)
        return { state in
            let value = selector(state)
            if value == last.value { return nil }
            last.value = value
            return SelectedValue(value)
        }
    }

    @inlinable
    nonisolated static func probe<Value>(
        selecting selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        from initial: Value
    ) -> Probe<State> {
        let last = LastValue(initial)
        return { state in
            let value = selector(state)
            if let isEqual, isEqual(last.value, value) { return nil }
            last.value = value
            return SelectedValue(value)
        }
    }
}

extension Store where State: Equatable {
    /// Calls `handler` with the whole state now, then whenever it changes (by `==`).
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe(handler: @escaping @MainActor (State) -> Void) -> SubscriptionToken {
        subscribe(selector: { $0 }, isEqual: { $0 == $1 }, handler: handler)
    }
}
