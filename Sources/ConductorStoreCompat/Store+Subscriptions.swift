public import ConductorStore
public import Dispatch

/// Glue's subscriptions. Each calls its handler with the selected value now, then after every dispatched intent —
/// only when the value changed, if it is `Equatable` (Glue's rule). The handler runs on the main actor, or on the
/// queue given with `on:`. The subscription lasts as long as the returned token.
extension Store {
    /// Calls `handler` on the main actor with the whole state now, then after every dispatched intent.
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe(handler: @escaping @MainActor (State) -> Void) -> SubscriptionToken {
        watch(selector: { $0 }, hasChanged: nil, deliver: handler)
    }

    /// Calls `handler` on `queue` with the whole state now, then after every dispatched intent: at once when `queue`
    /// is the main queue, otherwise in order on `queue`.
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe(
        on queue: DispatchQueue,
        handler: sending @escaping (State) -> Void
    ) -> SubscriptionToken {
        let delivery = QueueDelivery(queue: queue, handler: handler)
        return watch(selector: { $0 }, hasChanged: nil) { delivery.deliver($0) }
    }

    /// Calls `handler` on the main actor with the selected part of the state now, then after every dispatched intent:
    /// a value that is not `Equatable` cannot tell whether it changed.
    /// - Parameters:
    ///   - selector: A pure function of the state, such as `{ $0.items.count }`.
    ///   - handler: Receives the selected value.
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe<Substate>(
        selector: @escaping @Sendable (State) -> Substate,
        handler: @escaping @MainActor (Substate) -> Void
    ) -> SubscriptionToken {
        watch(selector: selector, hasChanged: nil, deliver: handler)
    }

    /// Calls `handler` on `queue` with the selected part of the state now, then after every dispatched intent.
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe<Substate: Sendable>(
        on queue: DispatchQueue,
        selector: @escaping @Sendable (State) -> Substate,
        handler: sending @escaping (Substate) -> Void
    ) -> SubscriptionToken {
        let delivery = QueueDelivery(queue: queue, handler: handler)
        return watch(selector: selector, hasChanged: nil) { delivery.deliver($0) }
    }

    /// Calls `handler` on the main actor with the selected part of the state now, then whenever it changes (by `==`).
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe<Substate: Equatable & Sendable>(
        selector: @escaping @Sendable (State) -> Substate,
        handler: @escaping @MainActor (Substate) -> Void
    ) -> SubscriptionToken {
        watch(selector: selector, hasChanged: { $0 != $1 }, deliver: handler)
    }

    /// Calls `handler` on `queue` with the selected part of the state now, then whenever it changes (by `==`).
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe<Substate: Equatable & Sendable>(
        on queue: DispatchQueue,
        selector: @escaping @Sendable (State) -> Substate,
        handler: sending @escaping (Substate) -> Void
    ) -> SubscriptionToken {
        let delivery = QueueDelivery(queue: queue, handler: handler)
        return watch(selector: selector, hasChanged: { $0 != $1 }) { delivery.deliver($0) }
    }

    /// Subscribes to the Conductor store's every change of state, selecting and comparing as Glue did.
    nonisolated func watch<Value>(
        selector: @escaping @Sendable (State) -> Value,
        hasChanged: (@Sendable (Value, Value) -> Bool)?,
        deliver: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let store = conductorStore
        return MainThread.run { () -> SubscriptionToken in
            var last: Value?
            return store.subscribe { (state: State) in
                let value = selector(state)
                if let hasChanged, let previous = last, !hasChanged(previous, value) { return }
                last = value
                deliver(value)
            }
        }
    }
}

extension Store where State: Equatable {
    /// Calls `handler` on the main actor with the whole state now, then whenever it changes (by `==`).
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe(handler: @escaping @MainActor (State) -> Void) -> SubscriptionToken {
        watch(selector: { $0 }, hasChanged: { $0 != $1 }, deliver: handler)
    }

    /// Calls `handler` on `queue` with the whole state now, then whenever it changes (by `==`).
    /// - Returns: The token that keeps the subscription alive.
    public nonisolated func subscribe(
        on queue: DispatchQueue,
        handler: sending @escaping (State) -> Void
    ) -> SubscriptionToken {
        let delivery = QueueDelivery(queue: queue, handler: handler)
        return watch(selector: { $0 }, hasChanged: { $0 != $1 }) { delivery.deliver($0) }
    }
}
