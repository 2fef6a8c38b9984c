extension Store {
    /// The stores of the rows of a collection in this store's state, one per row by its id: what a list's rows
    /// show and send to.
    ///
    /// ```swift
    /// let rows = store.scope(rows: \.todos, intent: AppIntent.todo)   // AppIntent.todo(id:_:)
    /// rows[0].send(.toggle)   // reaches this store as .todo(id: rows[0].state.id, .toggle)
    /// ```
    ///
    /// A row's store hears only its own row's changes, and ends when its row is removed (see ``StoreRows``). An
    /// intent that changes no row costs the number of rows with live stores — the rows a list shows — not the
    /// collection's length. Scoping the same collection again with the same intent type gives the same
    /// ``StoreRows``, whose rows keep their stores.
    /// - Parameters:
    ///   - rows: The collection: an array, or any random-access collection indexed from 0 by `Int` (such as
    ///     swift-identified-collections' `IdentifiedArray`) of `Identifiable`, `Equatable` rows.
    ///   - intent: Turns a row's intent into this store's, given the row's id.
    public func scope<C: RandomAccessCollection, RowIntent: Sendable>(
        rows: any KeyPath<State, C> & Sendable,
        intent: @escaping @MainActor (C.Element.ID, RowIntent) -> IntentType
    ) -> StoreRows<C.Element, RowIntent>
    where C.Index == Int, C.Element: Identifiable & Equatable, C.Element.ID: Sendable {
        let key = RowScopeKey(rows: rows, intent: ObjectIdentifier(RowIntent.self))
        if let cached = rowScopes[key]?.object as? StoreRows<C.Element, RowIntent> { return cached }
        let group = RowGroup<C.Element>()
        let name = "\(rows)"
        // The collection scope keeps this store, and each row's store keeps the collection scope (which keeps its
        // rows in step); this store keeps it weakly.
        let scope = StoreRows<C.Element, RowIntent>(
            parent: self,
            group: group,
            count: { self.stateValue[keyPath: rows].count },
            row: { position in
                let collection = self.stateValue[keyPath: rows]
                return collection[collection.startIndex + position]
            },
            makeStore: { row, owner in
                let id = row.id
                return self.scoped(
                    name: "row \(id) of \(name)", owner: owner, initial: row, intent: { intent(id, $0) },
                    sentBack: { _ in nil })
            })
        let subscription = Subscription<Void>(slot: subscriptions.makeSlot(), table: subscriptions) {
            [weak scope] _ in scope?.applyChanges()
        }
        subscriptions.add(
            subscription, watch: Self.watch(rowsOf: rows, at: MemoryLayout<State>.offset(of: rows), group: group))
        scope.sync = subscription
        rowScopes[key] = Weak(object: scope)
        return scope
    }

    /// The watch of a collection scope's live rows: after every intent, each is found and compared.
    nonisolated static func watch<C: RandomAccessCollection>(
        rowsOf keyPath: KeyPath<State, C>,
        at offset: Int?,
        group: RowGroup<C.Element>
    ) -> Watch where C.Index == Int, C.Element: Identifiable & Equatable {
        Watch(
            fixedOffset: nil,
            update: { state in
                let collection: C =
                    if let offset { reading(at: offset, in: state) } else { reading(state) { $0[keyPath: keyPath] } }
                return group.compare(collection)
            },
            last: LastValue(()),
            deliver: { @MainActor subscription, _ in
                // Sound: the watch holds only the collection scope's `Subscription<Void>`.
                unsafeDowncast(subscription, to: Subscription<Void>.self).handler(())
            }
        )
    }
}

/// What a collection scope is cached under in its store: the collection, and the rows' intent type.
struct RowScopeKey: Hashable {
    let rows: AnyKeyPath
    let intent: ObjectIdentifier
}

extension Store: Hashable {
    /// Whether two stores are the same store: a store is a reference, compared by identity (a list's `ForEach`
    /// identifies a row's store by it).
    public nonisolated static func == (left: Store, right: Store) -> Bool { left === right }

    /// Hashes the store's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
