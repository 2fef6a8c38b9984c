internal import ConductorSupport

// The store's subscription engine, in one file: the table, its watches and slots, and the tokens' graveyard. It
// runs on every send; its invariants are listed once, in Store.swift (the engine), and at the declarations here.

/// The subscriptions of one store, arranged so that a send costs work for the selections that changed, not for
/// every subscriber.
///
/// Each selection is a ``Watch``: subscribers of one key path share one (one read and one comparison per send),
/// each closure selector has its own. Watches of stored-property key paths are compared in place, by their bits,
/// in a loop with no call (``FixedOffsetEntry``); the others are asked through their specialised `update`.
/// Nothing is allocated on a send whose selections did not change, nor, once warm, on one whose did.
///
/// The table holds subscriptions (their tokens) weakly, each in a ``SubscriptionSlot`` found by the number the
/// token keeps. So releasing a token — on any thread — releases its handler and everything the handler captured at
/// once, and no handler runs after its token is gone. The slot is reclaimed through the `graveyard`, which a
/// token's nonisolated `deinit` can reach.
@MainActor
@usableFromInline
final class SubscriptionTable {
    @exclusivity(unchecked) private var nextOrder = 0
    // The three lists read or written on every send are `@exclusivity(unchecked)`: dynamic exclusivity checks on
    // them cost more than the rest of a send's bookkeeping, and they are sound to skip. The table is used only on the
    // main actor; an access to `fixed` or `others` spans only the watches' `update` closures, which read the state
    // and their own last value and never reach the table; `pending` is never accessed while a
    // handler runs (`deliverChanges` takes `pending` out first), so a handler that subscribes, unsubscribes or
    // sends cannot overlap an access to them.

    /// The fast lane: watches at a fixed offset, with their last bits.
    @exclusivity(unchecked) private var fixed: ContiguousArray<FixedOffsetEntry> = []
    /// The other watches: key paths with subscripts, computed properties, optional chaining or class properties,
    /// values larger than ``ValueBits/capacity``, and closure selectors.
    @exclusivity(unchecked) private var others: ContiguousArray<WatchEntry> = []
    /// The watch of each key path that has subscribers. Unchecked exclusivity, like the bookkeeping below, is sound
    /// because none of its accesses runs code of the app's (hashing and comparing keys is the standard library's)
    /// or reaches the table again.
    @exclusivity(unchecked) private var keyPathWatches: [WatchKey: Watch] = [:]
    /// The watch of each collection whose elements have subscribers (``ElementGroup``), by the collection's key.
    /// Unchecked exclusivity, as for `keyPathWatches`.
    @exclusivity(unchecked) private var elementGroups: [WatchKey: Watch] = [:]
    /// Each subscription's place, by its token's slot number. Unchecked exclusivity is sound: it is used only on the
    /// main actor, and no access to it runs code of the app's (a slot's subscription is held weakly, so clearing it
    /// runs no `deinit`; a slot's watch is cleared only while the table still holds the watch elsewhere).
    @exclusivity(unchecked) private var slots: ContiguousArray<SubscriptionSlot> = []
    /// The slots free for reuse.
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    /// How many slots hold a subscription.
    @exclusivity(unchecked) private var live = 0
    /// The changes collected and not yet delivered; its storage is reused by every send, so that collecting changes
    /// allocates only while it grows.
    @exclusivity(unchecked) private var pending: ContiguousArray<PendingChange> = []
    @usableFromInline nonisolated let graveyard = Graveyard()

    var count: Int {
        reclaim()
        return live
    }

    /// How many live subscriptions are the app's own: not the store's internal ones (``SubscriptionToken/isInternal``).
    var appCount: Int {
        reclaim()
        return slots.reduce(0) { count, slot in
            guard let subscription = slot.subscription, !subscription.isInternal else { return count }
            return count + 1
        }
    }

    @usableFromInline
    var isEmpty: Bool { live == 0 }

    /// A slot for a new subscription, which must then be added.
    @usableFromInline
    func makeSlot() -> Int {
        reclaim()
        if let free = freeSlots.popLast() { return free }
        slots.append(SubscriptionSlot())
        return slots.count - 1
    }

    /// Adds a key path subscription; `makeWatch` is called only when the key path has no watch yet.
    @usableFromInline
    func add(_ subscription: SubscriptionToken, key: WatchKey, makeWatch: () -> Watch) {
        // Through the dictionary's `inout` access, which hashes the key once whether or not it is found.
        let (watch, isNew) = Self.watch(in: &keyPathWatches[key], makeWatch: makeWatch)
        if isNew {
            watch.key = key
            insert(watch)
        }
        join(subscription, to: watch)
    }

    private static func watch(in slot: inout Watch?, makeWatch: () -> Watch) -> (Watch, isNew: Bool) {
        if let existing = slot { return (existing, false) }
        let watch = makeWatch()
        slot = watch
        return (watch, true)
    }

    /// Adds a subscription to the element at `position` of the collection under `key`: `makeGroup` is called only when
    /// the collection has no group yet (it returns the group's watch), `makeMember` only when the position has no
    /// watch yet.
    @usableFromInline
    func add(
        _ subscription: SubscriptionToken,
        elementOf key: WatchKey,
        position: Int,
        makeGroup: () -> Watch,
        makeMember: (ElementGroup) -> Watch
    ) {
        let (groupWatch, isNew) = Self.watch(in: &elementGroups[key], makeWatch: makeGroup)
        if isNew {
            groupWatch.key = key
            insert(groupWatch)
        }
        guard let group = groupWatch.group else {
            return assertionFailure("an element group's watch was made without its group")
        }
        let member = group.byPosition[position] ?? makeMember(group)
        member.groupWatch = groupWatch
        join(subscription, to: member)
    }

    /// Adds a closure-selector subscription, with its own watch.
    @usableFromInline
    func add(_ subscription: SubscriptionToken, watch: Watch) {
        insert(watch)
        join(subscription, to: watch)
    }

    private func join(_ subscription: SubscriptionToken, to watch: Watch) {
        let slot = subscription.slot
        nextOrder += 1
        slots[slot] = SubscriptionSlot(
            subscription: subscription, watch: watch, position: watch.members.count, order: nextOrder)
        watch.members.append(WatchMember(slot: slot, order: nextOrder))
        live += 1
    }

    /// Removes the subscription in `slot`, if it is still there, in constant time.
    func remove(_ slot: Int) {
        guard slots.indices.contains(slot), let watch = slots[slot].watch else { return }
        let position = slots[slot].position
        let last = watch.members.count - 1
        if position != last {
            let moved = watch.members[last]
            watch.members[position] = moved
            slots[moved.slot].position = position
        }
        watch.members.removeLast()
        slots[slot] = SubscriptionSlot()
        live -= 1
        if live == 0 {
            // All gone: the slots' storage is let go too, unless it is small enough to keep for the next ones.
            slots.removeAll(keepingCapacity: slots.capacity <= 1024)
            freeSlots.removeAll(keepingCapacity: freeSlots.capacity <= 1024)
        } else {
            freeSlots.append(slot)
        }
        guard watch.members.isEmpty else { return }
        if let groupWatch = watch.groupWatch {
            // A position of a collection: the group forgets it, and goes when it was its last.
            watch.groupWatch = nil
            guard let group = groupWatch.group else { return }
            group.remove(watch)
            guard group.isEmpty else { return }
            if let key = groupWatch.key { elementGroups[key] = nil }
            delete(groupWatch)
            return
        }
        if let key = watch.key { keyPathWatches[key] = nil }
        delete(watch)
    }

    private func insert(_ watch: Watch) {
        if let (offset, size, bits) = watch.fixedOffset {
            watch.position = fixed.count
            fixed.append(FixedOffsetEntry(offset: offset, size: size, bits: bits, watch: watch))
        } else {
            watch.position = others.count
            others.append(WatchEntry(watch))
        }
    }

    /// Removes a watch from its list in constant time, moving the last one into its place.
    private func delete(_ watch: Watch) {
        let position = watch.position
        if watch.fixedOffset != nil {
            fixed.swapAt(position, fixed.count - 1)
            fixed.removeLast()
            if position < fixed.count { fixed[position].watch.position = position }
        } else {
            others.swapAt(position, others.count - 1)
            others.removeLast()
            if position < others.count { others[position].watch.takeUnretainedValue().position = position }
        }
    }

    /// Finds the subscriptions whose selection changed in the state at `state` and keeps them for
    /// ``deliverChanges()``; the watches remember the new values. Deliver once the state is no longer being
    /// accessed: the handlers may read the state and send intents.
    @usableFromInline
    func collectChanges(in state: UnsafeMutableRawPointer) {
        Self.read(&fixed, at: state, changes: &pending)
        Self.read(others, at: state, changes: &pending)
    }

    // The two loops are nonisolated static functions: a closure formed in a main-actor method (such as the body of
    // `withUnsafeBufferPointer`) would check the current executor each time it is called.

    /// Compares each fixed-offset entry's bits with the state's, and asks the watch only when they differ.
    private nonisolated static func read(
        _ fixed: inout ContiguousArray<FixedOffsetEntry>,
        at state: UnsafeMutableRawPointer,
        changes: inout ContiguousArray<PendingChange>
    ) {
        let base = UnsafeRawPointer(state)
        fixed.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices {
                let size = entries[index].size
                let address = base + entries[index].offset
                let unchanged =
                    size == 8
                    ? address.loadUnaligned(as: UInt64.self) == entries[index].bits.low
                    : ValueBits(at: address, size: size) == entries[index].bits
                if unchanged { continue }
                entries[index].bits = ValueBits(at: address, size: size)
                if entries[index].watch.update(state) { collect(entries[index].watch, into: &changes) }
            }
        }
    }

    /// Asks each of the other watches.
    private nonisolated static func read(
        _ others: ContiguousArray<WatchEntry>,
        at state: UnsafeMutableRawPointer,
        changes: inout ContiguousArray<PendingChange>
    ) {
        others.withUnsafeBufferPointer { entries in
            for entry in entries {
                // Borrowed, not retained: see `WatchEntry`.
                let changed = entry.watch._withUnsafeGuaranteedRef { $0.update(state) }
                if changed { collect(entry.watch.takeUnretainedValue(), into: &changes) }
            }
        }
    }

    @inline(never)  // Kept out of the loops that call it, which stay tight for the common case: no change.
    private nonisolated static func collect(_ watch: Watch, into changes: inout ContiguousArray<PendingChange>) {
        if let group = watch.group {
            // A collection's watch: what changed are the positions it listed, whose subscribers are collected.
            for position in group.changed { collectMembers(of: position, into: &changes) }
            group.changed.removeAll(keepingCapacity: true)
            return
        }
        collectMembers(of: watch, into: &changes)
    }

    private nonisolated static func collectMembers(
        of watch: Watch,
        into changes: inout ContiguousArray<PendingChange>
    ) {
        watch.members.withUnsafeBufferPointer { members in
            for member in members {
                changes.append(PendingChange(slot: member.slot, order: member.order, watch: watch))
            }
        }
    }

    /// Calls the handlers of the changes collected, in subscription order, skipping subscriptions released or
    /// cancelled meanwhile.
    @usableFromInline
    func deliverChanges() {
        guard !pending.isEmpty else { return }
        if pending.count == 1 {
            // The common case, one change: moved out, so that the buffer is empty for a nested round.
            deliver(pending.removeLast())
            return
        }
        var changes = ContiguousArray<PendingChange>()
        // Taken rather than used in place: a handler that restores the state starts a nested round.
        swap(&changes, &pending)
        if changes.count > 1 { changes.sort { $0.order < $1.order } }
        changes.withUnsafeBufferPointer { changes in
            for change in changes { deliver(change) }
        }
        changes.removeAll(keepingCapacity: true)
        if pending.isEmpty && pending.capacity < changes.capacity { swap(&changes, &pending) }
    }

    /// Calls the handler of one change, unless its subscription was released or cancelled meanwhile (its slot then
    /// is gone, free, or holds a later subscription).
    private func deliver(_ change: PendingChange) {
        guard change.slot < slots.count, slots[change.slot].order == change.order,
            let subscription = slots[change.slot].subscription, !subscription.isCancelled
        else { return }
        change.watch.deliver(subscription, change.watch.last)
    }

    /// Drops the slots of subscriptions whose tokens were released.
    private func reclaim() {
        guard graveyard.hasBodies else { return }
        for id in graveyard.takeAll() { remove(id) }
    }
}

/// A watched selection that lies at a fixed offset in the state, with the bits of its last value: the table's fast lane.
///
/// Most views watch stored properties (`\.count`, `\.settings.darkMode`). For those, a send compares the bits at the
/// offset with the bits of the last value, in a tight loop with no call, and asks the watch's specialised `==` only
/// when the bits differ. Equal bits prove an unchanged value because the watch retains the last value: no storage it
/// refers to can have been freed and reused, and a copy-on-write buffer it shares cannot have been mutated in place.
/// Different bits do not prove a change (padding, or two strings with equal contents), so the watch decides; either
/// way it then keeps the new value, and the entry its bits.
struct FixedOffsetEntry {
    let offset: Int
    let size: Int
    var bits: ValueBits
    let watch: Watch
}

/// Up to 16 bytes of a value, zero-padded: what the table's fast lane compares.
@usableFromInline
struct ValueBits: Equatable {
    /// How many bytes a value may have to be compared by its bits; larger selections go through their watch's
    /// `update` on every send.
    @usableFromInline static var capacity: Int { 16 }

    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The `size` bytes at `address`, which need not be aligned; `size` is at most 16.
    @inline(__always)
    init(at address: UnsafeRawPointer, size: Int) {
        if size == 8 {
            low = address.loadUnaligned(as: UInt64.self)
        } else {
            withUnsafeMutableBytes(of: &self) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: size))
            }
        }
    }

    /// The bits of `value`, which is at most 16 bytes.
    @usableFromInline
    init<Value>(of value: Value) {
        self = withUnsafeBytes(of: value) { ValueBits(at: $0.baseAddress!, size: $0.count) }
    }
}

/// The last value a watch selected: captured by the watch's `update` closure, and kept by the watch as `last`, which
/// the table hands to the watch's `deliver`.
///
/// `@unchecked Sendable` is sound: the box is reachable only from its watch (its `update` closure and its `last`),
/// and the subscription table, which owns the watch, calls `update` and `deliver` only on the store's actor (the
/// main actor), synchronously, one at a time. The conformance only lets `deliver` hand the value to the
/// subscriber's main-actor handler without a copy into a sendable box.
@usableFromInline
final class LastValue<Value>: @unchecked Sendable {
    // Unchecked exclusivity is sound for the same reason: no two accesses to `value` ever overlap, and dynamic checks
    // would cost every send.
    @usableFromInline @exclusivity(unchecked) var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

/// A subscription to notify of its selection's change, once every watch has been read.
struct PendingChange {
    /// The subscription's slot, valid while its order is still `order` (else the slot was freed and reused).
    let slot: Int
    let order: Int
    /// Held here too: a handler earlier in the round may end the last subscription of the watch, which the table
    /// then lets go.
    let watch: Watch
}

/// A subscription's place in its store's table: the subscription itself, held weakly (whoever keeps its token owns
/// it), the watch whose changes it hears, its position in that watch's list, and its order among the table's
/// subscriptions. A free slot has no watch.
///
/// Slots live in one array, indexed by the number each token keeps, so that finding a subscription costs no
/// hashing and no object of its own; a freed slot is reused by the next subscription.
struct SubscriptionSlot {
    weak var subscription: SubscriptionToken?
    /// Strong: a pending change may outlive the watch's place in the table's lists.
    var watch: Watch?
    var position = 0
    /// Increases with every subscription the table adds: delivery order, and what tells a pending change that its
    /// slot was freed and reused meanwhile.
    var order = 0
}

/// A subscription: its token, with the handler of the selected values.
// @unchecked Sendable is sound: it adds to its token only a `let` of a main-actor closure, which is Sendable.
@usableFromInline
final class Subscription<Value>: SubscriptionToken, @unchecked Sendable {
    @usableFromInline let handler: @MainActor (Value) -> Void

    @usableFromInline
    init(slot: Int, table: SubscriptionTable, handler: @escaping @MainActor (Value) -> Void) {
        self.handler = handler
        super.init(slot: slot, table: table)
    }
}

/// The ids of subscriptions whose tokens were released, possibly off the main actor.
@usableFromInline
final class Graveyard: Sendable {
    private let ids = Locked<[Int]>([])
    var hasBodies: Bool { ids.withLock { !$0.isEmpty } }
    /// How many released subscriptions wait to be reclaimed.
    var count: Int { ids.withLock(\.count) }
    func bury(_ id: Int) { ids.withLock { $0.append(id) } }
    func takeAll() -> [Int] {
        ids.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
    }
}
