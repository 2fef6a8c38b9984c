// The rows of a collection scope (`Store.scope(rows:intent:)`) that have live stores, with the row each store
// shows: compared after every intent of the parent store, without keeping the collection.

/// The live rows of a collection scope: each row's id, where it was last found, and the row its store shows.
///
/// The collection is not kept (keeping it would make every edit of one row copy the whole list): after every intent,
/// each live row is found again — at its last position, or near it when rows moved — and compared with the row its
/// store shows (`==`). The cost is the number of rows with stores (what a list shows), not the list's length.
///
/// Not isolated: the parent's subscription table reads it from its watch, on the store's actor, synchronously;
/// ``StoreRows`` (main actor) applies what it lists. `@unchecked Sendable` is sound for the same reason as
/// `LastValue`'s: the group is reachable only from its watch's closures and its ``StoreRows``, all used on the
/// store's actor, one at a time; the conformance only lets the main-actor handler capture it.
@usableFromInline
final class RowGroup<Row: Identifiable & Equatable>: @unchecked Sendable {
    @usableFromInline
    struct Entry {
        @usableFromInline let id: Row.ID
        @usableFromInline var position: Int
        @usableFromInline var row: Row
        @usableFromInline var isGone = false

        init(id: Row.ID, position: Int, row: Row) {
            self.id = id
            self.position = position
            self.row = row
        }
    }

    /// The rows with live stores.
    @usableFromInline var entries: ContiguousArray<Entry> = []
    /// The entries whose row changed or went in the last comparison, which ``StoreRows`` applies and empties.
    @usableFromInline var changed: [Int] = []

    @usableFromInline init() {}

    /// Finds each live row in `rows` and lists in ``changed`` those whose row changed or went; returns whether any
    /// did. Inlinable, so that it is specialised for the app's rows where the scope is made.
    @inlinable
    func compare<C: RandomAccessCollection>(_ rows: C) -> Bool where C.Element == Row, C.Index == Int {
        let start = rows.startIndex
        let count = rows.count
        for index in entries.indices where !entries[index].isGone {
            var position = entries[index].position
            if position >= count || rows[start + position].id != entries[index].id {
                guard let found = Self.find(entries[index].id, in: rows, near: position) else {
                    entries[index].isGone = true
                    changed.append(index)
                    continue
                }
                position = found
                entries[index].position = found
            }
            let row = rows[start + position]
            if row == entries[index].row { continue }
            entries[index].row = row
            changed.append(index)
        }
        return !changed.isEmpty
    }

    /// The position of the row `id` in `rows`, searched outwards from `near`: a row insertion or removal above a row
    /// moves it by one.
    @inlinable
    static func find<C: RandomAccessCollection>(_ id: Row.ID, in rows: C, near: Int) -> Int?
    where C.Element == Row, C.Index == Int {
        let start = rows.startIndex
        let count = rows.count
        var distance = 0
        while distance < count + 1 {
            let below = near - distance
            let above = near + distance
            if below >= 0, below < count, rows[start + below].id == id { return below }
            if above != below, above >= 0, above < count, rows[start + above].id == id { return above }
            if below < 0 && above >= count { return nil }
            distance += 1
        }
        return nil
    }
}
