/// What every store offers its consumers — a ``Store`` and each ``ScopedStore`` of it alike: the state to read,
/// intents to send, subscriptions, scopes and cancellation. Write code that works with a store against this
/// protocol, so it takes a feature's scoped store as readily as the app's:
///
/// ```swift
/// func showCount(of store: some StateStore<Counter, CounterIntent>) -> SubscriptionToken {
///     store.subscribe(\.count) { print("count:", $0) }
/// }
/// ```
///
/// `IntentCommand`, `BaseCoordinator.observe` and the SwiftUI bindings take any `StateStore`. Effect handlers,
/// middleware and recording belong to the root ``Store``.
@MainActor
public protocol StateStore<State, IntentType>: AnyObject {
    /// The state the store shows.
    associatedtype State
    /// The intents it takes.
    associatedtype IntentType: Sendable

    /// The state, read-only: send an intent to change it. Observation tracks the whole state.
    var state: State { get }

    /// A field of the state, read so that Observation tracks that field alone.
    subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value { get }

    /// Sends an intent.
    func send(_ intent: IntentType)

    /// Sends an intent, suspends until the effects it caused (and those they caused) have finished, and returns the
    /// intents they sent back: this call's own answer.
    @discardableResult
    func sendAndWait(_ intent: IntentType) async -> [IntentType]

    /// Calls `handler` with the selected value now, then whenever it changes.
    func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken

    /// Calls `handler` with the selected value now, then whenever it changes (by `==`).
    func subscribe<Value: Equatable>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken

    /// A store over part of this store's state, whose intents are mapped into this store's; `sentBack` recognises
    /// the scope's intents among those effects send back.
    func scope<ChildState, ChildIntent: Sendable>(
        state: any KeyPath<State, ChildState> & Sendable,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent?
    ) -> ScopedStore<ChildState, ChildIntent>

    /// Cancels the running effects with `id` in the root store; returns how many were cancelled.
    @discardableResult
    func cancelEffects(id: EffectID) -> Int
}

extension Store: StateStore {}
extension ScopedStore: StateStore {}
