extension Store {
    /// Calls `handler` with the element at `position` of a collection in the state now, then whenever it changes (by
    /// `==`); `nil` while the collection has no element there.
    ///
    /// The subscriptions of one collection's elements — a row each, say — share one comparison of the collection per
    /// intent: an intent that leaves it alone costs the same however many elements are watched, and one that changes
    /// it compares only the watched elements. A key path to the element itself (`\.rows[3]`) is applied through
    /// Swift's key-path runtime on every intent, for every subscriber: name the collection instead.
    ///
    /// ```swift
    /// let token = store.subscribe(\.values, at: 3) { value in print(value ?? "gone") }
    /// ```
    ///
    /// The store keeps the collection it last compared, as it keeps any selection: an intent that then changes the
    /// collection copies it once (copy-on-write), as with a subscription to the collection itself.
    /// - Parameters:
    ///   - collection: The collection to watch, such as `\.values`.
    ///   - position: The element's offset from the collection's start.
    ///   - handler: Receives the element, or `nil` when there is none at `position`, on the main actor.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<C: RandomAccessCollection>(
        _ collection: KeyPath<State, C>,
        at position: Int,
        handler: @escaping @MainActor (C.Element?) -> Void
    ) -> SubscriptionToken where C.Index == Int, C.Element: Equatable {
        let subscription = Subscription(slot: subscriptions.makeSlot(), table: subscriptions, handler: handler)
        let (offset, key, current) = selection(collection)
        let element: C.Element? =
            position >= 0 && position < current.count ? current[current.startIndex + position] : nil
        subscriptions.add(
            subscription, elementOf: key, position: position,
            makeGroup: { Self.watch(elementsOf: collection, at: offset, from: current) },
            makeMember: { group in
                // Sound: the group under a collection's key is the one made below, for the collection's elements.
                unsafeDowncast(group, to: TypedElementGroup<C.Element>.self).addPosition(position, element: element)
            })
        if connection != nil { keep(by: subscription) }
        handler(element)
        return subscription
    }

    /// The watch of a collection whose elements have subscribers: it keeps the collection, and compares the watched
    /// positions only when the collection's bits differ from the kept one's.
    @inlinable
    nonisolated static func watch<C: RandomAccessCollection>(
        elementsOf keyPath: KeyPath<State, C>,
        at offset: Int?,
        from current: C
    ) -> Watch where C.Index == Int, C.Element: Equatable {
        let group = TypedElementGroup<C.Element>()
        let last = LastValue(current)
        let size = MemoryLayout<C>.size
        if let offset, size <= ValueBits.capacity {
            // In the table's fast lane: asked only when the collection's bits changed.
            return Watch(
                fixedOffset: (offset, size, ValueBits(of: current)),
                update: { state in
                    let collection: C = reading(at: offset, in: state)
                    defer { last.value = collection }  // the bits the table keeps are those of the value kept here
                    return group.compare(collection)
                },
                last: last,
                deliver: { _, _ in },  // never: the table delivers the positions' changes, through their watches
                group: group
            )
        }
        return Watch(
            fixedOffset: nil,
            update: { state in
                let collection: C =
                    if let offset { reading(at: offset, in: state) } else { reading(state) { $0[keyPath: keyPath] } }
                if hasSameBits(collection, last.value) { return false }
                defer { last.value = collection }
                return group.compare(collection)
            },
            last: last,
            deliver: { _, _ in },
            group: group,
        )
    }

    /// Whether two values have the same bits: proof that they are equal when one of them is retained elsewhere (no
    /// storage it refers to can have been freed and reused, nor a shared buffer mutated in place).
    @inlinable
    nonisolated static func hasSameBits<Value>(_ left: Value, _ right: Value) -> Bool {
        withUnsafeBytes(of: left) { left in withUnsafeBytes(of: right) { right in left.elementsEqual(right) } }
    }
}
