internal import ConductorSupport

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
final class SubscriptionTable<State> {
    private var nextID = 0
    private var groups: [AnyKeyPath: AnyKeyPathGroup<State>] = [:]
    private var closures: [Int: WeakSubscription<State>] = [:]
    /// Where each live subscription is stored: in a key path group, or among the closures (`nil`).
    private var locations: [Int: AnyKeyPath?] = [:]
    nonisolated let graveyard = Graveyard()

    var count: Int {
        reclaim()
        return locations.count
    }

    var isEmpty: Bool { locations.isEmpty }

    func makeID() -> Int {
        reclaim()
        nextID += 1
        return nextID
    }

    func add<Value: Equatable>(_ subscription: KeyPathSubscription<Value>, keyPath: KeyPath<State, Value>, in state: State) {
        let group: KeyPathGroup<State, Value>
        if let existing = groups[keyPath] {
            // Sound: `groups[keyPath]` is only ever assigned a `KeyPathGroup<State, Value>` for that key path, whose
            // type fixes `Value`.
            group = unsafeDowncast(existing, to: KeyPathGroup<State, Value>.self)
        } else {
            group = KeyPathGroup(keyPath: keyPath, initial: state[keyPath: keyPath])
            groups[keyPath] = group
        }
        group.members[subscription.id] = WeakKeyPathSubscription(subscription)
        locations[subscription.id] = .some(keyPath)
    }

    func add(_ subscription: AnyClosureSubscription<State>) {
        closures[subscription.id] = WeakSubscription(subscription)
        locations[subscription.id] = .some(nil)
    }

    func remove(_ id: Int) {
        guard let location = locations.removeValue(forKey: id) else { return }
        if let path = location {
            guard let group = groups[path] else { return }
            group.remove(id)
            if group.isEmpty { groups[path] = nil }
        } else {
            closures[id] = nil
        }
    }

    /// Finds the subscriptions whose selection changed in `state` and returns their notifications in subscription
    /// order, remembering the new values.
    func changes(in state: State) -> [(id: Int, notify: @MainActor () -> Void)] {
        var changed: [(id: Int, notify: @MainActor () -> Void)] = []
        for group in groups.values { group.collectChanges(in: state, into: &changed) }
        for (id, weak) in closures {
            if let notify = weak.subscription?.change(in: state) { changed.append((id, notify)) }
        }
        if changed.count > 1 { changed.sort { $0.id < $1.id } }
        return changed
    }

    /// Drops the slots of subscriptions whose tokens were released.
    private func reclaim() {
        guard graveyard.hasBodies else { return }
        for id in graveyard.takeAll() { remove(id) }
    }
}

/// The ids of subscriptions whose tokens were released, possibly off the main actor.
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
class AnySubscription {
    let id: Int
    var isCancelled = false
    init(id: Int) { self.id = id }
}

@MainActor
final class KeyPathSubscription<Value>: AnySubscription {
    let handler: @MainActor (Value) -> Void
    init(id: Int, handler: @escaping @MainActor (Value) -> Void) {
        self.handler = handler
        super.init(id: id)
    }
}

@MainActor
struct WeakKeyPathSubscription<Value> {
    weak var subscription: KeyPathSubscription<Value>?
    init(_ subscription: KeyPathSubscription<Value>) { self.subscription = subscription }
}

@MainActor
struct WeakSubscription<State> {
    weak var subscription: AnyClosureSubscription<State>?
    init(_ subscription: AnyClosureSubscription<State>) { self.subscription = subscription }
}

@MainActor
class AnyKeyPathGroup<State> {
    var isEmpty: Bool { true }
    func remove(_ id: Int) {}
    func collectChanges(in state: State, into changed: inout [(id: Int, notify: @MainActor () -> Void)]) {}
}

@MainActor
final class KeyPathGroup<State, Value: Equatable>: AnyKeyPathGroup<State> {
    let keyPath: KeyPath<State, Value>
    var last: Value
    var members: [Int: WeakKeyPathSubscription<Value>] = [:]

    init(keyPath: KeyPath<State, Value>, initial: Value) {
        self.keyPath = keyPath
        self.last = initial
    }

    override var isEmpty: Bool { members.isEmpty }
    override func remove(_ id: Int) { members[id] = nil }

    override func collectChanges(in state: State, into changed: inout [(id: Int, notify: @MainActor () -> Void)]) {
        let value = state[keyPath: keyPath]
        guard value != last else { return }
        last = value
        for (id, member) in members {
            guard member.subscription != nil else { continue }
            // Weak, so that a handler that releases another subscriber's token earlier in this round stops it.
            changed.append(
                (
                    id,
                    { [weak subscription = member.subscription] in
                        guard let subscription, !subscription.isCancelled else { return }
                        subscription.handler(value)
                    }
                ))
        }
    }
}

@MainActor
class AnyClosureSubscription<State>: AnySubscription {
    func change(in state: State) -> (@MainActor () -> Void)? { nil }
}

@MainActor
final class ClosureSubscription<State, Value>: AnyClosureSubscription<State> {
    let selector: @MainActor (State) -> Value
    let isEqual: ((Value, Value) -> Bool)?
    let handler: @MainActor (Value) -> Void
    var last: Value

    init(
        id: Int,
        selector: @escaping @MainActor (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @MainActor (Value) -> Void,
        initial: Value
    ) {
        self.selector = selector
        self.isEqual = isEqual
        self.handler = handler
        self.last = initial
        super.init(id: id)
    }

    override func change(in state: State) -> (@MainActor () -> Void)? {
        let value = selector(state)
        if let isEqual, isEqual(last, value) { return nil }
        last = value
        return { [weak self] in
            guard let self, !self.isCancelled else { return }
            self.handler(value)
        }
    }
}
