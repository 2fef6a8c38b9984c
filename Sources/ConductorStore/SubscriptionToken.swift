/// Keeps a store subscription alive: the subscription ends when the token is released or cancelled.
///
/// ```swift
/// let token = store.subscribe(\.count) { count in label.text = "\(count)" }
/// // … later
/// token.cancel()   // or just release the token
/// ```
///
/// The token holds the subscription's handler; the store refers to it only weakly. So releasing the token, on any
/// thread, releases the handler and whatever it captured at once, and no handler runs after its token is gone.
public final class SubscriptionToken: Sendable, Hashable {
    private let subscription: AnySubscription
    private let graveyard: Graveyard
    private let cancellation: @MainActor @Sendable () -> Void

    init(subscription: AnySubscription, graveyard: Graveyard, cancel: @escaping @MainActor @Sendable () -> Void) {
        self.subscription = subscription
        self.graveyard = graveyard
        self.cancellation = cancel
    }

    /// Ends the subscription now. Cancelling twice does nothing more.
    @MainActor
    public func cancel() {
        subscription.isCancelled = true
        cancellation()
    }

    deinit {
        graveyard.bury(subscription.id)
    }

    /// Tokens are equal only to themselves.
    public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Keeps the token in `set`, as Combine's `store(in:)` does, so that it lives as long as the set.
    public func store(in set: inout Set<SubscriptionToken>) { set.insert(self) }
}
