/// The stores of the rows of a collection in a store's state — one per row, found by the row's id — as a collection:
/// what a list shows.
///
/// Made by ``Store/scope(rows:intent:)`` and ``Store/scope(rows:intent:sentBack:)``. A row's store is made when it
/// is first asked for and kept while something holds it (a row's view, a subscription's token); asked for again, the
/// same row gives the same store. Each row store is updated when its row changes (by `==`) — the others hear
/// nothing — and **ends** when its row is removed: it keeps its last state, an intent sent to it afterwards is
/// reported and dropped, and the effects its intents started are cancelled. An intent sent to a row's store reaches
/// the parent store as that row's intent, by its id: never another row's.
///
/// <!-- not compiled: SwiftUI, on Apple platforms only -->
/// ```swift
/// List {
///     ForEach(store.scope(rows: \.todos, intent: AppIntent.todo)) { row in TodoRow(store: row) }
/// }
/// ```
///
/// A store is isolated to the main actor, and so is this collection: use it there.
@MainActor
public final class StoreRows<Row: Identifiable & Equatable, RowIntent: Sendable>: @MainActor RandomAccessCollection
where Row.ID: Sendable {
    /// A row's store.
    public typealias Element = Store<Row, RowIntent, Never>
    /// A row's position in the collection.
    public typealias Index = Int

    /// The number of rows in the parent's collection now.
    let count: @MainActor () -> Int
    /// The id of the row at a position of the parent's collection now.
    let rowID: @MainActor (Int) -> Row.ID
    /// The row at a position of the parent's collection now.
    let row: @MainActor (Int) -> Row
    /// Makes the store of a row, whose intents are marked with an owner number.
    private let makeStore: @MainActor (Row, _ owner: Int) -> Element
    /// The parent store, which runs the effects rows' intents start.
    private let parent: any ScopeParent
    /// The owner number of each row whose intents' effects may still run: the same for every store the row gets,
    /// so that removing the row cancels them even when its store was let go first.
    private var owners: [Row.ID: Int] = [:]
    /// How many rows were live after the last ``prune()``.
    private var rowsAfterPrune = 0
    /// The live rows, compared by the parent's subscription.
    let group: RowGroup<Row>
    /// The rows' stores, held weakly: the views that show them keep them.
    private var stores: [Row.ID: WeakStore] = [:]
    /// The parent's subscription that compares the live rows.
    var sync: SubscriptionToken? { didSet { sync?.isInternal = true } }
    /// Whether the rows' stores answer their `sendAndWait`: the scope was given a `sentBack`.
    let answers: Bool

    init(
        parent: any ScopeParent,
        group: RowGroup<Row>,
        answers: Bool,
        count: @escaping @MainActor () -> Int,
        id: @escaping @MainActor (Int) -> Row.ID,
        row: @escaping @MainActor (Int) -> Row,
        makeStore: @escaping @MainActor (Row, _ owner: Int) -> Element
    ) {
        self.parent = parent
        self.group = group
        self.answers = answers
        self.count = count
        self.rowID = id
        self.row = row
        self.makeStore = makeStore
    }

    /// The first position: 0.
    public var startIndex: Int { 0 }
    /// The position after the last row: the number of rows now.
    public var endIndex: Int { count() }

    /// The store of the row at `position` now.
    public subscript(position: Int) -> Element {
        store(for: row(position), at: position)
    }

    /// The store of the row with this id, or `nil` when the collection has no such row now.
    public subscript(id id: Row.ID) -> Element? {
        if let cached = stores[id]?.store, !cached.isEnded { return cached }
        let count = count()
        var position = 0
        while position < count, rowID(position) != id { position += 1 }
        guard position < count else { return nil }
        return store(for: row(position), at: position)
    }

    func store(for row: Row, at position: Int) -> Element {
        if let cached = stores[row.id]?.store, !cached.isEnded { return cached }
        // Amortised: the rows let go are forgotten once the list of rows has doubled since the last time.
        if group.entries.count >= Swift.max(64, 2 * rowsAfterPrune) { prune() }
        let owner: Int
        if let known = owners[row.id] {
            owner = known
        } else {
            owner = ScopeOwners.next()
            owners[row.id] = owner
            group.entries.append(RowGroup<Row>.Entry(id: row.id, position: position, row: row))
        }
        let store = makeStore(row, owner)
        store.connection?.keeps = self  // the row's store keeps its rows in step while it lives
        stores[row.id] = WeakStore(store: store)
        return store
    }

    /// Shows what the parent's last intent changed: each changed row's store shows its row, each removed row's store
    /// ends.
    func applyChanges() {
        let changed = group.changed
        group.changed.removeAll()
        var ended = false
        for index in changed where index < group.entries.count {
            let entry = group.entries[index]
            let store = stores[entry.id]?.store
            if entry.isGone {
                // Its store ends; without one, the effects its intents started are cancelled all the same.
                if let store {
                    store.connection?.end()
                } else if let owner = owners[entry.id] {
                    parent.cancelEffects(ownedBy: owner)
                }
                ended = true
            } else {
                store?.mirror(entry.row)  // the group keeps the row already
            }
        }
        if ended { prune() }
    }

    /// Forgets the rows that went, and those whose store was let go and whose effects have all finished.
    private func prune() {
        // Not while the group lists changes by position (a subscriber heard before this scope asks for a row): the
        // changes are applied first, and prune after.
        guard group.changed.isEmpty else { return }
        group.entries.removeAll { entry in
            let store = stores[entry.id]?.store
            if !entry.isGone {
                if store != nil { return false }
                if let owner = owners[entry.id], parent.hasEffects(ownedBy: owner) { return false }
            }
            stores[entry.id] = nil
            owners[entry.id] = nil
            return true
        }
        rowsAfterPrune = group.entries.count
    }

    /// A row's store, held weakly.
    struct WeakStore {
        weak var store: Element?
    }
}
