/// Keeps a store subscription alive: the subscription ends when the token is released or cancelled.
///
/// ```swift
/// let token = store.subscribe(\.count) { count in label.text = "\(count)" }
/// // … later
/// token.cancel()   // or just release the token
/// ```
///
/// The token *is* the subscription: it holds the handler (in a subclass specialised for the selected type), and the
/// store's table refers to it only weakly, by its slot — one object per subscription keeps subscribing cheap. So
/// releasing the token, on any thread, releases the handler and whatever it captured at once, and no handler runs
/// after its token is gone.
///
/// A token of a scoped store — made by `scope`, or a row's store of `scope(rows:)` — also keeps that store, and so
/// its link to its parent: a subscription kept only through its token goes on hearing its part of the state.
/// Releasing or cancelling the token lets the store go. A root store's token does not keep its store: with the store
/// gone, nothing can change its state.
public class SubscriptionToken: @unchecked Sendable, Hashable {
    // @unchecked Sendable is sound: the class is not open, and its one subclass, `Subscription`, adds only a `let` of
    // a main-actor closure (Sendable); its own stored properties are `let`s of Sendable types, a weak reference to a
    // main-actor class (Sendable), and `isCancelled`, `isInternal` and `store`, whose accesses never overlap (see
    // there). Not final only so that the subscription can be the token.

    /// The subscription's slot in its store's table.
    @usableFromInline let slot: Int
    /// The table to leave on ``cancel()`` and, through its graveyard, on release.
    private weak let table: SubscriptionTable?
    /// Whether ``cancel()`` has run: the table has then dropped the subscription already, and `deinit` need not ask
    /// it to. Written only by `cancel()`, on the main actor; read there, by the table on the main actor, and by
    /// `deinit`. Unsafe is sound: `deinit` runs after the last reference is released, and the runtime orders every
    /// access made through a reference before that release (release-acquire on the reference count), so the read
    /// in `deinit` never overlaps a write; the other accesses are serialised by the main actor.
    @usableFromInline var isCancelled = false
    /// Whether the store made it for itself — to keep a scoped store's state, or a field views observe — rather
    /// than for the app: not counted by `subscriptionCount`. Set once, on the main actor, before anything reads it.
    /// An internal token keeps no store (``store``): the store holds it, or something that holds the store does.
    var isInternal = false {
        didSet { if isInternal { store = nil } }
    }
    /// The scoped store the subscription is on, kept for as long as the token is: a scoped store held only through
    /// its tokens goes on mirroring its part. `nil` for a root store's token, which may outlive its store, and for
    /// tokens the store or what it holds keep (the cycle would keep them all). Written on the main actor when the
    /// token is made or cancelled; released by `deinit`, which runs after every other access (as for `isCancelled`).
    var store: AnyObject?

    @usableFromInline
    init(slot: Int, table: SubscriptionTable) {
        self.slot = slot
        self.table = table
    }

    /// Ends the subscription now. Cancelling twice does nothing more.
    @MainActor
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        table?.remove(slot)
        store = nil  // after leaving its table, which the store owns
    }

    deinit {
        // A cancelled subscription has left the table; releasing its token then costs no lock.
        if !isCancelled { table?.graveyard.bury(slot) }
    }

    /// Tokens are equal only to themselves.
    public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
