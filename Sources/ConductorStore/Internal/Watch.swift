// A selection of a store's state being watched, and how the subscription table keys and lists watches: the table
// itself is in SubscriptionTable.swift, whose invariants these types keep.

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
    /// For a collection's watch: the group of its watched positions, which its `update` compares.
    @usableFromInline let group: ElementGroup?
    /// For a position's watch: the watch of the collection whose group it belongs to. It is in none of the table's
    /// lists: the group's watch is, and compares it. Weak: the group holds the position's watch, and the table holds
    /// the group's.
    weak var groupWatch: Watch?

    @usableFromInline
    init(
        fixedOffset: (offset: Int, size: Int, bits: ValueBits)?,
        update: @escaping (UnsafeMutableRawPointer) -> Bool,
        last: AnyObject,
        deliver: @escaping @MainActor (SubscriptionToken, AnyObject) -> Void,
        group: ElementGroup? = nil
    ) {
        self.group = group
        self.last = last
        self.fixedOffset = fixedOffset
        self.update = update
        self.deliver = deliver
    }
}

/// What a key-path watch is shared under: subscribers of equal keys share one watch.
///
/// A key path with a fixed offset is keyed by that offset and its value's type rather than by the key path itself:
/// the two select the same bytes read as the same type, so the same value, and two integers hash in a fraction of
/// the time a key path takes (hashing a key path walks its components).
@usableFromInline
enum WatchKey: Hashable {
    /// The value of the type identified, at this offset in the state.
    case offset(Int, ObjectIdentifier)
    /// A key path without a fixed offset: one with a subscript, a computed property, optional chaining or a class
    /// property.
    case keyPath(AnyKeyPath)

    /// Hashes an offset key as one word — its type's identity mixed with its offset — rather than the three words
    /// (case, offset, type) a synthesized hash combines: subscribing and unsubscribing hash a key each time.
    /// Keys of the two cases may collide; `==` tells them apart.
    @usableFromInline
    func hash(into hasher: inout Hasher) {
        switch self {
        case .offset(let offset, let type):
            hasher.combine(UInt(bitPattern: type.hashValue) ^ (UInt(bitPattern: offset) &* 0x9E37_79B9_7F4A_7C15))
        case .keyPath(let keyPath):
            hasher.combine(keyPath)
        }
    }
}

/// A watch in the table's list of watches read through their `update` on every send, held unretained: the loop then
/// loads a plain pointer and calls the watch's `update` through a borrowed reference, where a stored closure or a
/// strong reference loaded from the list is retained and released around every call — about half of what a
/// selector costs a send.
///
/// Sound because the table keeps every listed watch alive by other means: each watch in the list has at least one
/// subscription, whose slot holds the watch strongly (and a key path's watch is also in the table's dictionary),
/// and the table takes a watch out of the list in the same call that lets go of its last subscription, while a local
/// reference still holds it. No `update` reaches the table, so none can remove a watch during the loop.
struct WatchEntry {
    let watch: Unmanaged<Watch>

    init(_ watch: Watch) { self.watch = .passUnretained(watch) }
}

/// One subscription in a watch's list: its slot in the table, and its order, which a change collected for it carries
/// so that changes are delivered in subscription order without a look at the slots.
struct WatchMember {
    let slot: Int
    let order: Int
}
