/// The subscriptions of one store, arranged so that a send costs work for the selections that changed, not for
/// every subscriber.
///
/// Key path subscriptions are grouped by key path: each group reads its value once per send and compares it with
/// the last one, so a hundred views watching `\.count` cost one comparison while `count` stays the same. Closure
/// selectors cannot be grouped and are evaluated on every send.
@MainActor
final class SubscriptionTable<State> {
    private var nextID = 0
    private var groups: [AnyKeyPath: AnyKeyPathGroup<State>] = [:]
    private var closures: [Int: AnyClosureSubscriber<State>] = [:]
    /// Every live subscription's id, with the token that keeps it alive and where it is stored.
    private var entries: [Int: Entry] = [:]

    private struct Entry {
        weak var token: SubscriptionToken?
        let group: AnyKeyPath?
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    func makeID() -> Int {
        nextID += 1
        return nextID
    }

    func add<Value: Equatable>(
        id: Int,
        keyPath: KeyPath<State, Value>,
        current: State,
        handler: @escaping @MainActor (Value) -> Void,
        token: SubscriptionToken
    ) {
        let group: KeyPathGroup<State, Value>
        if let existing = groups[keyPath] {
            // Sound: `groups[keyPath]` is only ever assigned a `KeyPathGroup<State, Value>` for that key path, whose
            // type fixes `Value`.
            group = unsafeDowncast(existing, to: KeyPathGroup<State, Value>.self)
        } else {
            group = KeyPathGroup(keyPath: keyPath, initial: current[keyPath: keyPath])
            groups[keyPath] = group
        }
        group.handlers[id] = handler
        entries[id] = Entry(token: token, group: keyPath)
    }

    func add(id: Int, subscriber: AnyClosureSubscriber<State>, token: SubscriptionToken) {
        closures[id] = subscriber
        entries[id] = Entry(token: token, group: nil)
    }

    func remove(_ id: Int) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        if let path = entry.group, let group = groups[path] {
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
        for (id, subscriber) in closures {
            if let notify = subscriber.change(in: state) { changed.append((id, notify)) }
        }
        if changed.count > 1 { changed.sort { $0.id < $1.id } }
        return changed
    }

    /// Whether a subscription is still live: registered, and its token not released.
    func isLive(_ id: Int) -> Bool {
        guard let entry = entries[id] else { return false }
        if entry.token == nil {
            remove(id)
            return false
        }
        return true
    }
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
    var handlers: [Int: @MainActor (Value) -> Void] = [:]

    init(keyPath: KeyPath<State, Value>, initial: Value) {
        self.keyPath = keyPath
        self.last = initial
    }

    override var isEmpty: Bool { handlers.isEmpty }
    override func remove(_ id: Int) { handlers[id] = nil }

    override func collectChanges(in state: State, into changed: inout [(id: Int, notify: @MainActor () -> Void)]) {
        let value = state[keyPath: keyPath]
        guard value != last else { return }
        last = value
        for (id, handler) in handlers { changed.append((id, { handler(value) })) }
    }
}

@MainActor
class AnyClosureSubscriber<State> {
    func change(in state: State) -> (@MainActor () -> Void)? { nil }
}

@MainActor
final class ClosureSubscriber<State, Value>: AnyClosureSubscriber<State> {
    let selector: @MainActor (State) -> Value
    let isEqual: ((Value, Value) -> Bool)?
    let handler: @MainActor (Value) -> Void
    var last: Value

    init(
        selector: @escaping @MainActor (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @MainActor (Value) -> Void,
        initial: Value
    ) {
        self.selector = selector
        self.isEqual = isEqual
        self.handler = handler
        self.last = initial
    }

    override func change(in state: State) -> (@MainActor () -> Void)? {
        let value = selector(state)
        if let isEqual, isEqual(last, value) { return nil }
        last = value
        let handler = handler
        return { handler(value) }
    }
}
