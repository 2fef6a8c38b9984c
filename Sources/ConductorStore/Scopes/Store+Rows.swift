internal import IssueReporting

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
    /// ``StoreRows``, with the mappings it was first given, whose rows keep their stores. A row's
    /// ``sendAndWait(_:)`` answers nothing here: to hear its answers, give ``scope(rows:intent:sentBack:)`` a
    /// `sentBack` the first time these rows are scoped.
    ///
    /// - Parameters:
    ///   - rows: The collection: an array, or any random-access collection indexed from 0 by `Int` (such as
    ///     swift-identified-collections' `IdentifiedArray`) of `Identifiable`, `Equatable` rows.
    ///   - intent: Turns a row's intent into this store's, given the row's id.
    @inlinable
    public func scope<C: RandomAccessCollection, RowIntent: Sendable>(
        rows: any KeyPath<State, C> & Sendable,
        intent: @escaping @MainActor (C.Element.ID, RowIntent) -> IntentType
    ) -> StoreRows<C.Element, RowIntent>
    where C.Index == Int, C.Element: Identifiable & Equatable, C.Element.ID: Sendable {
        rowScope(rows, intent: intent, sentBack: nil)
    }

    /// The stores of the rows of a collection in this store's state, one per row by its id, whose
    /// ``sendAndWait(_:)`` returns what this store's effects sent back for the row's intent.
    ///
    /// ```swift
    /// let rows = store.scope(rows: \.todos, intent: AppIntent.todo) { id, sentBack in
    ///     if case .saved(id) = sentBack { .saved } else { nil }
    /// }
    /// ```
    ///
    /// As ``scope(rows:intent:)``, with the rows' answers, as the row's intents: a row's save learns that it was
    /// saved, or why not. Scoping the same collection again with the same intent type gives the same ``StoreRows``,
    /// with the mappings it was first given: give every scope of these rows the same mappings, or scope them once
    /// and keep the ``StoreRows``. Asking for a `sentBack` of rows first scoped without one is reported
    /// (IssueReporting's `reportIssue`), and the first scope, which answers nothing, is returned.
    ///
    /// - Parameters:
    ///   - rows: The collection, as for ``scope(rows:intent:)``.
    ///   - intent: Turns a row's intent into this store's, given the row's id.
    ///   - sentBack: Turns an intent this store's effects sent back for a row's intent into the row's, given the
    ///     row's id; `nil` for intents that are not the row's.
    @inlinable
    public func scope<C: RandomAccessCollection, RowIntent: Sendable>(
        rows: any KeyPath<State, C> & Sendable,
        intent: @escaping @MainActor (C.Element.ID, RowIntent) -> IntentType,
        sentBack: @escaping @MainActor (C.Element.ID, IntentType) -> RowIntent?
    ) -> StoreRows<C.Element, RowIntent>
    where C.Index == Int, C.Element: Identifiable & Equatable, C.Element.ID: Sendable {
        rowScope(rows, intent: intent, sentBack: sentBack)
    }

    /// The collection scope of `rows`: the one made before, while something holds it, else a new one.
    @inlinable
    func rowScope<C: RandomAccessCollection, RowIntent: Sendable>(
        _ rows: any KeyPath<State, C> & Sendable,
        intent: @escaping @MainActor (C.Element.ID, RowIntent) -> IntentType,
        sentBack: (@MainActor (C.Element.ID, IntentType) -> RowIntent?)?
    ) -> StoreRows<C.Element, RowIntent>
    where C.Index == Int, C.Element: Identifiable & Equatable, C.Element.ID: Sendable {
        if let cached = cachedRowScope(rows, RowIntent.self, answering: sentBack != nil) { return cached }
        // The comparison runs after every intent, and a list reads every row's id on each update: both are made
        // here, where they are specialised for the app's rows.
        let group = RowGroup<C.Element>()
        let offset = MemoryLayout<State>.offset(of: rows)
        let update = Self.rowsUpdate(rows, at: offset, group: group)
        let reader = Self.rowsReader(rows, at: offset)
        return makeRowScope(
            rows: rows, intent: intent, sentBack: sentBack, group: group, update: update, count: reader.count,
            id: reader.id)
    }

    /// The collection scope made before for these rows and intents, while something holds it. Asking for answers
    /// (`answering`) from one made without a `sentBack` is reported: its rows answer nothing.
    @usableFromInline
    func cachedRowScope<C: RandomAccessCollection, RowIntent: Sendable>(
        _ rows: any KeyPath<State, C> & Sendable,
        _: RowIntent.Type,
        answering: Bool
    ) -> StoreRows<C.Element, RowIntent>? where C.Element: Identifiable & Equatable, C.Element.ID: Sendable {
        guard
            let cached = rowScopes[RowScopeKey(rows: rows, intent: ObjectIdentifier(RowIntent.self))]?.object
                as? StoreRows<C.Element, RowIntent>
        else { return nil }
        if answering && !cached.answers {
            reportIssue(
                "The rows of \(rows) were scoped again with a sentBack, but were first scoped without one: the first "
                    + "StoreRows was returned, its mappings kept and the new sentBack ignored, so its rows' "
                    + "sendAndWait answer nothing. Scope once and keep the StoreRows, or give every scope of these "
                    + "rows the same sentBack.")
        }
        return cached
    }

    /// Makes a collection scope whose live rows `update` compares after every intent.
    @usableFromInline
    func makeRowScope<C: RandomAccessCollection, RowIntent: Sendable>(
        rows: any KeyPath<State, C> & Sendable,
        intent: @escaping @MainActor (C.Element.ID, RowIntent) -> IntentType,
        sentBack: (@MainActor (C.Element.ID, IntentType) -> RowIntent?)?,
        group: RowGroup<C.Element>,
        update: @escaping (UnsafeMutableRawPointer) -> Bool,
        count: @escaping (inout State) -> Int,
        id: @escaping (inout State, Int) -> C.Element.ID
    ) -> StoreRows<C.Element, RowIntent>
    where C.Index == Int, C.Element: Identifiable & Equatable, C.Element.ID: Sendable {
        let name = "\(rows)"
        // The collection scope keeps this store, and each row's store keeps the collection scope (which keeps its
        // rows in step); this store keeps it weakly.
        let scope = StoreRows<C.Element, RowIntent>(
            parent: self,
            group: group,
            answers: sentBack != nil,
            count: { count(&self.stateValue) },
            id: { position in id(&self.stateValue, position) },
            row: { position in
                let collection = self.stateValue[keyPath: rows]
                return collection[collection.startIndex + position]
            },
            makeStore: { row, owner in
                let id = row.id
                return self.scoped(
                    name: "row \(id) of \(name)", owner: owner, initial: row, intent: { intent(id, $0) },
                    sentBack: { sentBack?(id, $0) })
            })
        let subscription = Subscription<Void>(slot: subscriptions.makeSlot(), table: subscriptions) {
            [weak scope] _ in scope?.applyChanges()
        }
        let watch = Watch(
            fixedOffset: nil, update: update, last: LastValue(()),
            deliver: { @MainActor subscription, _ in
                // Sound: the watch holds only the collection scope's `Subscription<Void>`.
                unsafeDowncast(subscription, to: Subscription<Void>.self).handler(())
            })
        subscriptions.add(subscription, watch: watch)
        scope.sync = subscription
        rowScopes[RowScopeKey(rows: rows, intent: ObjectIdentifier(RowIntent.self))] = Weak(object: scope)
        return scope
    }

    /// How a collection scope reads the collection's length and a row's id in the state, in place: a list reads
    /// every row's id on each update.
    @inlinable
    nonisolated static func rowsReader<C: RandomAccessCollection>(
        _ keyPath: KeyPath<State, C>,
        at offset: Int?
    ) -> (count: (inout State) -> Int, id: (inout State, Int) -> C.Element.ID)
    where C.Index == Int, C.Element: Identifiable {
        (
            count: { state in withUnsafeMutablePointer(to: &state) { reading(keyPath, at: offset, in: $0).count } },
            id: { state, position in
                withUnsafeMutablePointer(to: &state) {
                    let collection = reading(keyPath, at: offset, in: $0)
                    return collection[collection.startIndex + position].id
                }
            }
        )
    }

    /// The comparison of a collection scope's live rows, after every intent: each is found and compared.
    @inlinable
    nonisolated static func rowsUpdate<C: RandomAccessCollection>(
        _ keyPath: KeyPath<State, C>,
        at offset: Int?,
        group: RowGroup<C.Element>
    ) -> (UnsafeMutableRawPointer) -> Bool where C.Index == Int, C.Element: Identifiable & Equatable {
        { state in group.compare(reading(keyPath, at: offset, in: state)) }
    }
}

/// What a collection scope is cached under in its store: the collection, and the rows' intent type.
@usableFromInline
struct RowScopeKey: Hashable {
    let rows: AnyKeyPath
    let intent: ObjectIdentifier
}

extension Store: Hashable {
    /// Whether two stores are the same store: a store is a reference, compared by identity (a set of stores, a
    /// `ForEach` over a few stores). A list of rows identifies them by ``StoreRows/identities`` instead, which makes
    /// no store.
    public nonisolated static func == (left: Store, right: Store) -> Bool { left === right }

    /// Hashes the store's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
