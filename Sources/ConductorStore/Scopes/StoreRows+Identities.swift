extension StoreRows {
    /// A row as a list identifies it: its id, and its position when it was read.
    public struct Identity: Hashable, Sendable {
        /// The row's id.
        public let id: Row.ID
        /// The row's position when its identity was read.
        public let position: Int
    }

    /// The rows' identities — their ids, in order — read without making a store: what a list iterates to identify
    /// its rows.
    ///
    /// A list identifies every row it has, shown or not, each time it updates, while it builds views for the rows it
    /// shows only. Identifying rows by their stores (`ForEach(rows, id: \.self)`) makes a store for every row on
    /// every update — a few dozen allocations each, lost when the update ends: SwiftUI's lag over long lists of
    /// scoped stores. Identify by ``Identity`` instead, and ask a row's store for the rows shown, with
    /// ``subscript(_:)->StoreRows<Row,RowIntent>.Element?`` (ConductorSwiftUI's `ForEach(rows) { row in … }` does
    /// both):
    ///
    /// ```swift
    /// let identities = rows.identities  // 10,000 ids read, no store made
    /// let shown = identities.prefix(20).compactMap { rows[$0] }  // the stores of the rows shown
    /// ```
    public var identities: Identities { Identities(rows: self) }

    /// The store of an identified row: found at its position, or by its id when the rows moved since the identity
    /// was read; `nil` when the row is gone.
    public subscript(identity: Identity) -> Element? {
        if identity.position < count(), rowID(identity.position) == identity.id {
            return store(for: row(identity.position), at: identity.position)
        }
        return self[id: identity.id]
    }

    /// The rows' identities, in order, read from the parent's collection as they are asked for: no store is made.
    @MainActor
    public struct Identities: @MainActor RandomAccessCollection {
        /// A row's position in the collection.
        public typealias Index = Int

        let rows: StoreRows

        /// The first position: 0.
        public var startIndex: Int { 0 }
        /// The position after the last row: the number of rows now.
        public var endIndex: Int { rows.count() }

        /// The identity of the row at `position` now.
        public subscript(position: Int) -> Identity { Identity(id: rows.rowID(position), position: position) }
    }

    /// How many rows the collection scope keeps: those with a live store, or with effects that may still run. For
    /// tests.
    package var keptRowCount: Int { group.entries.count }
}
