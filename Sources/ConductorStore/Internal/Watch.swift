/// One selection of a store's state being watched — a key path (shared by all its subscribers) or a closure selector (one
/// subscriber) — with the last value it selected and the subscriptions that hear about its changes.
///
/// The two closures are made by the store's inlinable `subscribe` methods, so they are specialised for the app's
/// `State` and selected `Value`: the table itself never handles a state or a selected value. It is not generic
/// either: code of a generic type that runs unspecialised (the table's, which is not inlinable) looks up the
/// metadata of every type built from its parameters — an array of `Watch<State>`, say — on each use, a few hundred
/// instructions per send. The closures are deliberately
/// not `@MainActor`: they run only on the store's actor, and an isolated closure would check the current executor on
/// every call. Not `Sendable`: the table owns its watches, on the store's actor.
@usableFromInline
final class Watch {
    /// Reads the selection from the state at the address given, remembers it, and returns whether it changed from
    /// the last one. It never writes to the state.
    let update: (UnsafeMutableRawPointer) -> Bool
    /// Hands the last value, from ``last``, to one of the subscriptions, which must be a `Subscription` of the
    /// selection's type. It captures nothing — the value comes from the watch — so, specialised for the app's
    /// types, it costs no allocation.
    let deliver: @MainActor (SubscriptionToken, AnyObject) -> Void
    /// The box of the last value selected, a `LastValue` of the selection's type, which `update` also keeps.
    let last: AnyObject
    /// Where the selection lies in the state, when it is a run of stored properties of structs no larger than
    /// ``ValueBits/capacity``, with its size and the bits of the value it started with: the table then
    /// compares its bits in place before calling ``update``.
    let fixedOffset: (offset: Int, size: Int, bits: ValueBits)?
    /// The subscriptions of this selection, in no particular order. Unchecked exclusivity is sound: only the table
    /// accesses it, on the main actor, and never while a handler runs.
    @exclusivity(unchecked) var members: ContiguousArray<WatchMember> = []
    /// The key the watch is shared under, or `nil` for a closure selector's own watch. Unchecked exclusivity is
    /// sound here and for `position`, as for `members`: only the table accesses them.
    @exclusivity(unchecked) var key: WatchKey?
    /// The watch's position in the table's list of fixed-offset entries or of other watches.
    @exclusivity(unchecked) var position = 0

    @usableFromInline
    init(
        fixedOffset: (offset: Int, size: Int, bits: ValueBits)?,
        update: @escaping (UnsafeMutableRawPointer) -> Bool,
        last: AnyObject,
        deliver: @escaping @MainActor (SubscriptionToken, AnyObject) -> Void
    ) {
        self.last = last
        self.fixedOffset = fixedOffset
        self.update = update
        self.deliver = deliver
    }
}
