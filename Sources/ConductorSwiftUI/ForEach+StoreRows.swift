#if canImport(SwiftUI)
    public import ConductorStore
    public import SwiftUI

    extension ForEach {
        /// A view per row of a collection scope, given the row's store: the rows are identified by their ids, read
        /// without making a store, and a store is made only for the rows the list shows.
        ///
        /// A list identifies every row on each update; `ForEach(rows, id: \.self)` would make a store for each of
        /// them every time (see ConductorStore's `StoreRows.identities`). A row that is gone by the time its view is
        /// built shows nothing.
        ///
        /// <!-- not compiled: SwiftUI, on Apple platforms only -->
        /// ```swift
        /// List {
        ///     ForEach(store.scope(rows: \.todos, intent: AppIntent.todo)) { row in
        ///         TodoRow(store: row)
        ///     }
        /// }
        /// ```
        /// - Parameters:
        ///   - rows: The collection scope.
        ///   - content: The view of a row, given its store.
        @MainActor
        public init<Row, RowIntent, RowContent: View>(
            _ rows: StoreRows<Row, RowIntent>,
            @ViewBuilder content: @escaping @MainActor (Store<Row, RowIntent, Never>) -> RowContent
        ) where Data == StoreRows<Row, RowIntent>.Identities, ID == Row.ID, Content == RowContent? {
            self.init(rows.identities, id: \.id) { identity in rows[identity].map(content) }
        }
    }
#endif
