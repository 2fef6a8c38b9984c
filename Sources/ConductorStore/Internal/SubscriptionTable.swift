internal import ConductorSupport

/// A new selected value, boxed by a probe when its selection changed and unboxed by the subscription.
@usableFromInline
final class SelectedValue<Value> {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

/// Reads a selection from a state, compares it with the last one, and returns the new value in a ``SelectedValue``,
/// or `nil` when it did not change. Probes are built by the store's inlinable `subscribe` methods, so they
/// are specialised for the app's types: the table itself never handles a selected value. The state is passed
/// `inout` only because an `inout` argument is always passed by address: a by-value generic argument would be
/// copied into each probe by a reabstraction thunk, a large state once per subscriber per send. Probes never write.
/// Probes are deliberately not `@MainActor`: they run only on the store's actor, and an isolated closure would check
/// the current executor on every call — a quarter of a send's cost with many subscribers.
@usableFromInline
typealias Probe<State> = (inout State) -> AnyObject?

/// The subscriptions of one store, arranged so that a send costs work for the selections that changed, not for
/// every subscriber.
///
/// Key path subscriptions are grouped by key path: each group reads its value once per send and compares it with
/// the last one, so a hundred views watching `\.count` cost one comparison while `count` stays the same. Closure
/// selectors cannot be grouped and are evaluated on every send.
///
/// The table holds subscriptions weakly; their tokens hold them strongly. So releasing a token — on any thread —
/// releases its handler and everything the handler captured at once, and no handler runs after its token is gone.
/// The table's slot is reclaimed through the `graveyard`, which a token's nonisolated `deinit` can reach.
@MainActor
@usableFromInline
final class SubscriptionTable<State> {
    private var nextID = 0
    private var groups: [AnyKeyPath: Group] = [:]
    private var closures: [Int: Member] = [:]
    /// `groups.values` and `closures.values` as arrays, rebuilt after a change: iterating an array on every send is
    /// cheaper than iterating a dictionary.
    private var groupList: ContiguousArray<GroupEntry> = []
    private var closureList: ContiguousArray<Member> = []
    private var listsAreStale = false
    /// Where each live subscription is stored: in a key path group, or among the closures (`nil`).
    private var locations: [Int: AnyKeyPath?] = [:]
    @usableFromInline nonisolated let graveyard = Graveyard()

    /// Subscriptions of one key path, sharing one probe.
    private final class Group {
        let probe: Probe<State>
        var members: [Int: Weak] = [:]
        init(probe: @escaping Probe<State>) { self.probe = probe }
    }

    /// A group as the per-send loop reads it: the probe beside the group, so that a group whose value did not change
    /// costs one closure call.
    private struct GroupEntry {
        let probe: Probe<State>
        let group: Group
    }

    /// A closure-selector subscription with its own probe.
    private struct Member {
        let id: Int
        let probe: Probe<State>
        let subscription: Weak
    }

    /// A weak reference in a class, so that iterating a table copies a strong reference to the box rather than
    /// a weak reference (which costs atomic operations on the referent's side table).
    private final class Weak {
        weak var subscription: AnySubscription?
        init(_ subscription: AnySubscription) { self.subscription = subscription }
    }

    /// A pending notification. A nominal type rather than a tuple, whose metadata the runtime would look up on
    /// every send.
    struct Change {
        let id: Int
        let notify: @MainActor () -> Void
    }

    var count: Int {
        reclaim()
        return locations.count
    }

    @usableFromInline
    var isEmpty: Bool { locations.isEmpty }

    @usableFromInline
    func makeID() -> Int {
        reclaim()
        nextID += 1
        return nextID
    }

    /// Adds a key path subscription; `makeProbe` is called only when the key path has no group yet.
    @usableFromInline
    func add(_ subscription: AnySubscription, keyPath: AnyKeyPath, makeProbe: () -> Probe<State>) {
        let group: Group
        if let existing = groups[keyPath] {
            group = existing
        } else {
            group = Group(probe: makeProbe())
            groups[keyPath] = group
        }
        group.members[subscription.id] = Weak(subscription)
        locations[subscription.id] = .some(keyPath)
        listsAreStale = true
    }

    /// Adds a closure-selector subscription.
    @usableFromInline
    func add(_ subscription: AnySubscription, probe: @escaping Probe<State>) {
        closures[subscription.id] = Member(id: subscription.id, probe: probe, subscription: Weak(subscription))
        locations[subscription.id] = .some(nil)
        listsAreStale = true
    }

    @usableFromInline
    func remove(_ id: Int) {
        guard let location = locations.removeValue(forKey: id) else { return }
        listsAreStale = true
        if let path = location {
            guard let group = groups[path] else { return }
            group.members[id] = nil
            if group.members.isEmpty { groups[path] = nil }
        } else {
            closures[id] = nil
        }
    }

    /// Finds the subscriptions whose selection changed in `state` and returns their notifications in subscription
    /// order; the probes remember the new values.
    func changes(in state: inout State) -> [Change] {
        if listsAreStale {
            groupList = ContiguousArray(groups.values.map { GroupEntry(probe: $0.probe, group: $0) })
            closureList = ContiguousArray(closures.values)
            listsAreStale = false
        }
        var changed: [Change] = []
        for entry in groupList {
            guard let value = entry.probe(&state) else { continue }
            for (id, member) in entry.group.members {
                guard let subscription = member.subscription else { continue }
                changed.append(Change(id: id, notify: Self.notification(subscription, value)))
            }
        }
        for member in closureList {
            guard let value = member.probe(&state), let subscription = member.subscription.subscription else {
                continue
            }
            changed.append(Change(id: member.id, notify: Self.notification(subscription, value)))
        }
        if changed.count > 1 { changed.sort { $0.id < $1.id } }
        return changed
    }

    /// Weak, so that a handler that releases another subscriber's token earlier in the same round stops it.
    private static func notification(_ subscription: AnySubscription, _ value: AnyObject) -> @MainActor () -> Void {
        { [weak subscription] in
            guard let subscription, !subscription.isCancelled else { return }
            subscription.deliver(value)
        }
    }

    /// Drops the slots of subscriptions whose tokens were released.
    private func reclaim() {
        guard graveyard.hasBodies else { return }
        for id in graveyard.takeAll() { remove(id) }
    }
}

/// The ids of subscriptions whose tokens were released, possibly off the main actor.
@usableFromInline
final class Graveyard: Sendable {
    private let ids = Locked<[Int]>([])
    var hasBodies: Bool { ids.withLock { !$0.isEmpty } }
    func bury(_ id: Int) { ids.withLock { $0.append(id) } }
    func takeAll() -> [Int] {
        ids.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
    }
}

/// A live subscription; its token holds it, the table only refers to it weakly.
@MainActor
@usableFromInline
class AnySubscription {
    @usableFromInline let id: Int
    @usableFromInline var isCancelled = false
    @usableFromInline init(id: Int) { self.id = id }
    /// Hands a ``SelectedValue`` of the subscription's type to its handler.
    func deliver(_ value: AnyObject) {}
}

/// A subscription's handler of selected values.
@MainActor
@usableFromInline
final class Subscription<Value>: AnySubscription {
    @usableFromInline let handler: @MainActor (Value) -> Void

    @usableFromInline
    init(id: Int, handler: @escaping @MainActor (Value) -> Void) {
        self.handler = handler
        super.init(id: id)
    }

    override func deliver(_ value: AnyObject) {
        // Sound: the probes of this subscription's group or member box exactly this `Value`.
        handler(unsafeDowncast(value, to: SelectedValue<Value>.self).value)
    }
}

/// The last value a probe selected.
@usableFromInline
final class LastValue<Value> {
    // Unchecked exclusivity is sound: only the probe that owns this box reads and writes `value`, synchronously,
    // on the main actor, and never while another access to it is in progress; dynamic checks would cost every send.
    @usableFromInline @exclusivity(unchecked) var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}
