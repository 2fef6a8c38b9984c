import Foundation

/// Keeps a store subscription alive: the subscription ends when the token is released or cancelled.
///
/// ```swift
/// let token = store.subscribe(\.count) { count in label.text = "\(count)" }
/// // … later
/// token.cancel()   // or just release the token
/// ```
///
/// No handler runs after its token is released. Releasing a token on the main actor removes the subscription at
/// once; releasing it elsewhere removes it on the main actor's next turn, and no notification reaches it meanwhile.
public final class SubscriptionToken: Sendable, Hashable {
    private let cancellation: @MainActor @Sendable () -> Void

    init(cancellation: @escaping @MainActor @Sendable () -> Void) {
        self.cancellation = cancellation
    }

    /// Ends the subscription now. Cancelling twice does nothing more.
    @MainActor
    public func cancel() { cancellation() }

    deinit {
        let cancellation = cancellation
        if Thread.isMainThread {
            MainActor.assumeIsolated { cancellation() }
        } else {
            Task { @MainActor in cancellation() }
        }
    }

    /// Tokens are equal only to themselves.
    public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Keeps the token in `set`, as Combine's `store(in:)` does, so that it lives as long as the set.
    public func store(in set: inout Set<SubscriptionToken>) { set.insert(self) }
}
