extension Store {
    /// Calls `handler` with the selected value now, then whenever it changes.
    ///
    /// Subscriptions by key paths of stored properties are the cheapest kind: subscribers of one key path share one
    /// comparison per intent, made in place on the value's bits when it is 16 bytes or less. A key path with a
    /// subscript, a computed property or optional chaining is applied through Swift's key-path runtime on every
    /// intent; a selector is cheaper for those.
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - handler: Receives the value, on the main actor.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let subscription = Subscription(slot: subscriptions.makeSlot(), table: subscriptions, handler: handler)
        let (offset, key, current) = selection(keyPath)
        subscriptions.add(subscription, key: key) {
            Self.watch(reading: keyPath, at: offset, from: current)
        }
        if connection != nil { keep(by: subscription) }
        handler(current)
        return subscription
    }

    /// Calls `handler` with the selected value now, then whenever it changes (by `==`).
    ///
    /// The selector is `@Sendable`: a pure function of the state, such as `{ $0.items.count }`. It runs on every
    /// intent, so it should be cheap; being nonisolated, it costs no executor check per call. It runs while the
    /// store compares selections, so it must not reach the store (subscribe, cancel a token or send): the handler
    /// is where to do that.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value: Equatable>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        // Compares with `==` inside the watch, specialised here, rather than through an `isEqual` closure.
        let subscription = Subscription(slot: subscriptions.makeSlot(), table: subscriptions, handler: handler)
        let initial = selector(stateValue)
        subscriptions.add(subscription, watch: Self.watch(selecting: selector, from: initial))
        if connection != nil { keep(by: subscription) }
        handler(initial)
        return subscription
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

    /// Where `keyPath` lies in the state (a key path made only of stored properties of structs has a fixed offset:
    /// reading at it is a pointer addition, where applying the key path walks its components at run time), the key
    /// its watch is shared under, and its value now.
    @inlinable
    func selection<Value>(_ keyPath: KeyPath<State, Value>) -> (offset: Int?, key: WatchKey, current: Value) {
        let offset = MemoryLayout<State>.offset(of: keyPath)
        guard let offset else { return (nil, .keyPath(keyPath), stateValue[keyPath: keyPath]) }
        let current: Value = Self.reading(at: offset, of: &stateValue)
        return (offset, .offset(offset, ObjectIdentifier(Value.self)), current)
    }

    /// How many subscriptions are live. The store's own — its watches of the fields views read through it
    /// (``subscript(dynamicMember:)``), the subscriptions that keep its scoped stores — are not counted.
    package var subscriptionCount: Int { subscriptions.appCount }

    @inlinable
    func subscribe<Value>(
        selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let subscription = Subscription(slot: subscriptions.makeSlot(), table: subscriptions, handler: handler)
        let initial = selector(stateValue)
        subscriptions.add(subscription, watch: Self.watch(selecting: selector, isEqual: isEqual, from: initial))
        if connection != nil { keep(by: subscription) }
        handler(initial)
        return subscription
    }

    /// How many subscriptions whose tokens were released wait for the store to reclaim their slots, for tests.
    package var releasedSubscriptionsAwaitingReclaim: Int { subscriptions.graveyard.count }

    /// Has a token of this scoped store keep it, and with it its link to its parent: a subscription kept only
    /// through its token goes on hearing its part. The store holds its tokens only weakly, so this makes no cycle;
    /// the store's own tokens let go of it (``SubscriptionToken/isInternal``).
    @usableFromInline
    func keep(by token: SubscriptionToken) { token.store = self }
}

// Watches are made in nonisolated functions: a closure formed inside the store's main-actor methods would be
// main-actor-isolated, and calling it through the watch's nonisolated `update` type would check the current
// executor on every call. The table calls `update` only on the main actor, synchronously, with the address of the
// store's state, which is a `State`: the closures read it through that type.
extension Store {
    @inlinable
    nonisolated static func watch<Value: Equatable>(
        reading keyPath: KeyPath<State, Value>,
        at offset: Int?,
        from current: Value
    ) -> Watch {
        let last = LastValue(current)
        // At a fixed offset (`offset`, when the key path has one), the value is read by a pointer addition; small
        // values there are compared by their bits in the table's loop first (see `FixedOffsetEntry`).
        if let offset {
            let size = MemoryLayout<Value>.size
            return Watch(
                fixedOffset: size <= ValueBits.capacity ? (offset, size, ValueBits(of: current)) : nil,
                update: { state in
                    let value: Value = reading(at: offset, in: state)
                    // Kept even when equal, so that the table's bits are those of the value retained here.
                    defer { last.value = value }
                    return value != last.value
                },
                last: last,
                deliver: delivery(of: last)
            )
        }
        return Watch(
            fixedOffset: nil,
            update: { state in
                let value = reading(state) { $0[keyPath: keyPath] }
                if value == last.value { return false }
                last.value = value
                return true
            },
            last: last,
            deliver: delivery(of: last)
        )
    }

    @inlinable
    nonisolated static func watch<Value: Equatable>(
        selecting selector: @escaping @Sendable (State) -> Value,
        from initial: Value
    ) -> Watch {
        let last = LastValue(initial)
        return Watch(
            fixedOffset: nil,
            update: { state in
                let value = reading(state) { selector($0) }
                if value == last.value { return false }
                last.value = value
                return true
            },
            last: last,
            deliver: delivery(of: last)
        )
    }

    @inlinable
    nonisolated static func watch<Value>(
        selecting selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        from initial: Value
    ) -> Watch {
        let last = LastValue(initial)
        return Watch(
            fixedOffset: nil,
            update: { state in
                let value = reading(state) { selector($0) }
                if let isEqual, isEqual(last.value, value) { return false }
                last.value = value
                return true
            },
            last: last,
            deliver: delivery(of: last)
        )
    }

    /// Applies `read` to the state at `address` in place: reading `pointee` into a value would copy the whole state
    /// (and retain everything it holds) once per watch per send.
    /// The value of type `Value` at `offset` bytes into the state at `state`.
    @inlinable @inline(__always)
    nonisolated static func reading<Value>(at offset: Int, in state: UnsafeMutableRawPointer) -> Value {
        UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// The value of type `Value` at `offset` bytes into `state`, read in place: for main-actor members, where a
    /// closure they form for `withUnsafeMutablePointer` would check the current executor each time it is called.
    @inlinable @inline(__always)
    nonisolated static func reading<Value>(at offset: Int, of state: inout State) -> Value {
        withUnsafeMutablePointer(to: &state) { reading(at: offset, in: $0) }
    }

    /// The value `keyPath` selects in the state at `state`: read at `offset` when the key path has one, else
    /// through the key path, in place.
    @inlinable @inline(__always)
    nonisolated static func reading<Value>(
        _ keyPath: KeyPath<State, Value>,
        at offset: Int?,
        in state: UnsafeMutableRawPointer
    ) -> Value {
        if let offset { reading(at: offset, in: state) } else { reading(state) { $0[keyPath: keyPath] } }
    }

    @inlinable @inline(__always)
    nonisolated static func reading<Value>(
        _ address: UnsafeMutableRawPointer,
        _ read: (inout State) -> Value
    ) -> Value {
        read(&address.assumingMemoryBound(to: State.self).pointee)
    }

    /// Hands the last value to a subscription of the watch, which is always a `Subscription<Value>`.
    @inlinable
    nonisolated static func delivery<Value>(
        of _: LastValue<Value>
    ) -> @MainActor (SubscriptionToken, AnyObject) -> Void {
        { @MainActor subscription, last in
            // Sound: a watch of `Value` holds only subscriptions made with a handler of `Value`, and its `last` is
            // the `LastValue<Value>` passed here.
            unsafeDowncast(subscription, to: Subscription<Value>.self).handler(
                unsafeDowncast(last, to: LastValue<Value>.self).value)
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
