/// Sends intents from an effect back to its store.
///
/// Call it like a function: `await send(.loaded(items))`. Intents sent by one effect reach the store in the order
/// they were sent. After the store is released, or the effect is cancelled, sending does nothing; an effect cancelled
/// because its flow ended (`BaseCoordinator.cancelEffectsWhenEnded(_:of:)`) should stop, and what it sends is reported
/// as it is dropped.
public struct Send<IntentType: Sendable>: Sendable {
    private let deliver: @MainActor @Sendable (IntentType) -> Void

    /// Creates a `Send` that passes each intent to `deliver` on the main actor; for tests of effect handlers.
    public init(_ deliver: @escaping @MainActor @Sendable (IntentType) -> Void) {
        self.deliver = deliver
    }

    /// Sends an intent to the store, waiting for the main actor, where the store runs.
    public func callAsFunction(_ intent: IntentType) async {
        await deliver(intent)
    }

    /// A `Send` of another intent type that maps each intent into this one's: how a feature's handler sends on the
    /// app's store.
    public func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> IntentType) -> Send<Child> {
        let deliver = self.deliver
        return Send<Child> { intent in deliver(transform(intent)) }
    }
}
