// The watches of one collection's elements, for `Store.subscribe(_:at:handler:)`: the table reads the collection
// once per send, and walks the watched positions only when it changed.

/// The positions watched in one collection of the state, each with its own ``Watch`` (shared by its subscribers).
///
/// The group's own watch — the one in the table's lists — retains the collection it last read, so equal bits prove
/// an unchanged collection, as for any watch (see `FixedOffsetEntry`): a send that leaves the collection alone costs
/// one comparison, however many positions are watched. When the collection changed, the group compares each watched
/// position's element with the last one it saw and lists the positions whose element changed; the table then
/// collects those positions' subscribers only.
///
/// Not generic, so that the table (which is not inlinable) handles it without looking up generic metadata; the typed
/// work is in ``TypedElementGroup``, called from the store's specialised closures. Only the table and those closures
/// touch it, on the store's actor, never while a handler runs: unchecked exclusivity is sound, as for `Watch`.
@usableFromInline
class ElementGroup {
    /// The watch of each watched position.
    @usableFromInline @exclusivity(unchecked) var byPosition: [Int: Watch] = [:]
    /// The position watches whose element changed in the last comparison, which the table collects and empties.
    @usableFromInline @exclusivity(unchecked) var changed: ContiguousArray<Watch> = []

    @usableFromInline init() {}

    var isEmpty: Bool { byPosition.isEmpty }

    /// Forgets the watch of a position whose last subscriber went.
    func remove(_ watch: Watch) {
        guard let position = forget(watch) else { return }
        byPosition[position] = nil
    }

    /// Drops the typed record of `watch` and returns its position; overridden by ``TypedElementGroup``.
    func forget(_ watch: Watch) -> Int? { nil }
}

/// An ``ElementGroup`` of elements of one type: the last element seen at each watched position.
@usableFromInline
final class TypedElementGroup<Element: Equatable>: ElementGroup {
    @usableFromInline
    struct Entry {
        @usableFromInline let position: Int
        /// The element last seen, kept inline for the comparison (the box is what the position's watch delivers).
        @usableFromInline var element: Element?
        @usableFromInline let last: LastValue<Element?>
        @usableFromInline let watch: Watch

        @usableFromInline init(position: Int, element: Element?, last: LastValue<Element?>, watch: Watch) {
            self.position = position
            self.element = element
            self.last = last
            self.watch = watch
        }
    }

    /// The watched positions, in the order they were first watched.
    @usableFromInline @exclusivity(unchecked) var entries: ContiguousArray<Entry> = []

    @usableFromInline override init() {}

    /// The watch of a position not watched yet, starting from `element`; its subscribers hear `Element?`.
    @inlinable
    func addPosition(_ position: Int, element: Element?) -> Watch {
        let last = LastValue(element)
        let watch = Watch(
            fixedOffset: nil,
            update: { _ in false },  // never asked: the group compares its positions
            last: last,
            deliver: { @MainActor subscription, last in
                // Sound: a position's watch holds only subscriptions made with a handler of `Element?`, and its
                // `last` is the `LastValue<Element?>` made here.
                unsafeDowncast(subscription, to: Subscription<Element?>.self).handler(
                    unsafeDowncast(last, to: LastValue<Element?>.self).value)
            }
        )
        entries.append(Entry(position: position, element: element, last: last, watch: watch))
        byPosition[position] = watch
        return watch
    }

    /// Compares each watched position of `collection` with the element last seen there (`nil` past its end) and
    /// lists those that changed in ``changed``; returns whether any did.
    @inlinable
    func compare<C: RandomAccessCollection>(_ collection: C) -> Bool where C.Element == Element, C.Index == Int {
        // Through the collection's contiguous storage when it has one (an array's): one read per position, no index
        // arithmetic of the collection's own.
        let done: Void? = collection.withContiguousStorageIfAvailable { elements in
            compare(count: elements.count) { elements[$0] }
        }
        if done == nil {
            let start = collection.startIndex
            compare(count: collection.count) { collection[start + $0] }
        }
        return !changed.isEmpty
    }

    /// Compares each watched position below `count`, read with `element`, and each at or past it as `nil`.
    @inlinable
    func compare(count: Int, element: (Int) -> Element) {
        entries.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices {
                let position = entries[index].position
                let current: Element? = position >= 0 && position < count ? element(position) : nil
                if current == entries[index].element { continue }
                entries[index].element = current
                entries[index].last.value = current
                changed.append(entries[index].watch)
            }
        }
    }

    override func forget(_ watch: Watch) -> Int? {
        guard let index = entries.firstIndex(where: { $0.watch === watch }) else { return nil }
        return entries.remove(at: index).position
    }
}
