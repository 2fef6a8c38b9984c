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
