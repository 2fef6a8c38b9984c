import ConductorStore
import Observation
import Testing

private struct Fields: Equatable {
    var values = [Int](repeating: 0, count: 10)
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
    var nested = Nested()
    var tags: [String] = []
    /// A computed property: read through the store by its key path, having no offset in the state.
    var sum: Int { f0 + f1 }

    struct Nested: Equatable {
        var flag = false
        var name = ""
    }
}

private enum FieldIntent: Sendable {
    case bump(Int)
    case same
    case rename(String)
    case toggle
    case tag(String)
}

private func reduce(_ state: inout Fields, _ intent: FieldIntent) -> [Never] {
    switch intent {
    case .bump(0): state.f0 += 1
    case .bump(1): state.f1 += 1
    case .bump(2): state.f2 += 1
    case .bump(3): state.f3 += 1
    case .bump: state.f9 += 1
    case .same: state.f0 = Int(exactly: Double(state.f0)) ?? 0
    case .rename(let name): state.nested.name = name
    case .toggle: state.nested.flag.toggle()
    case .tag(let tag): state.tags.append(tag)
    }
    return []
}

/// Counts how often Observation invalidates each of several readers, as SwiftUI invalidates views.
@MainActor
private final class Invalidations {
    private(set) var counts: [Int]

    init(readers: [@MainActor () -> Void]) {
        counts = Array(repeating: 0, count: readers.count)
        for (index, read) in readers.enumerated() { track(index, read) }
    }

    private func track(_ index: Int, _ read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: {
            // onChange runs on the thread of the change: the store's, the main actor.
            MainActor.assumeIsolated {
                self.counts[index] += 1
                self.track(index, read)
            }
        }
    }

    var total: Int { counts.reduce(0, +) }
}

@MainActor
struct StoreObservationTests {
    private func fieldReaders(_ store: Store<Fields, FieldIntent, Never>) -> [@MainActor () -> Void] {
        // Weakly: the store's registrar keeps the readers' trackers, which must not keep the store.
        [
            { [weak store] in _ = store?.f0 }, { [weak store] in _ = store?.f1 }, { [weak store] in _ = store?.f2 },
            { [weak store] in _ = store?.f3 }, { [weak store] in _ = store?.f4 }, { [weak store] in _ = store?.f5 },
            { [weak store] in _ = store?.f6 }, { [weak store] in _ = store?.f7 }, { [weak store] in _ = store?.f8 },
            { [weak store] in _ = store?.f9 },
        ]
    }

    @Test func anIntentThatChangesOneFieldInvalidatesOnlyTheReaderOfThatField() {
        let store = Store(state: Fields(), reducer: reduce)
        let invalidations = Invalidations(readers: fieldReaders(store))
        store.send(.bump(2))
        #expect(invalidations.counts == [0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
        store.send(.bump(2))
        store.send(.bump(0))
        #expect(invalidations.counts == [1, 0, 2, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func readersOfTheWholeStateAreInvalidatedByEveryChange() {
        let store = Store(state: Fields(), reducer: reduce)
        let invalidations = Invalidations(
            readers: (0..<10).map { index in { [weak store] in _ = store?.state.values[index] } })
        store.send(.bump(2))
        #expect(invalidations.total == 10)
    }

    @Test func anIntentThatLeavesAFieldEqualInvalidatesNobody() {
        let store = Store(state: Fields(), reducer: reduce)
        let invalidations = Invalidations(readers: fieldReaders(store))
        store.send(.same)
        #expect(invalidations.total == 0)
    }

    /// `store.nested.flag` reads `nested` through the store, then `flag` from that value: the store tracks `nested`.
    /// A scope over `nested` tracks its fields apart (next test).
    @Test func aValueReadThroughTheStoreIsTrackedAsTheFieldTheStoreGaveOut() {
        let store = Store(state: Fields(), reducer: reduce)
        let invalidations = Invalidations(readers: [
            { [weak store] in _ = store?.nested.flag }, { [weak store] in _ = store?.f0 },
        ])
        store.send(.rename("Ada"))
        #expect(invalidations.counts == [1, 0])
        #expect(store.nested.name == "Ada")
    }

    @Test func aRestoredStateInvalidatesTheReadersOfTheFieldsItChanged() {
        let store = Store(state: Fields(), reducer: reduce)
        let invalidations = Invalidations(readers: fieldReaders(store))
        var restored = Fields()
        restored.f5 = 5
        store.restore(restored)
        #expect(invalidations.counts == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0])
    }

    @Test func aScopedStoreTracksTheFieldsReadThroughIt() {
        let store = Store(state: Fields(), reducer: reduce)
        let nested = store.scope(state: \.nested, intent: { (flag: Bool) in FieldIntent.toggle })
        let invalidations = Invalidations(readers: [
            { [weak nested] in _ = nested?.flag }, { [weak nested] in _ = nested?.name },
        ])
        nested.send(true)
        #expect(invalidations.counts == [1, 0])
        #expect(nested.flag)
    }

    /// Stored fields are read at their offset in the state, computed ones through their key path: both give the
    /// state's values, of every kind (a value holding a buffer — an array, a string — included).
    @Test func fieldsReadThroughTheStoreAreTheStatesValuesStoredOrComputed() {
        let store = Store(state: Fields(), reducer: reduce)
        _ = (store.tags, store.nested, store.sum, store.f1)
        store.send(.tag("swift"))
        store.send(.rename("Grace"))
        store.send(.bump(1))
        store.send(.bump(0))
        #expect(store.tags == ["swift"])
        #expect(store.nested.name == "Grace")
        #expect(store.f1 == 1)
        #expect(store.sum == 2)
    }

    @Test func aComputedFieldIsInvalidatedWhenItsValueChangesOnly() {
        let store = Store(state: Fields(), reducer: reduce)
        let invalidations = Invalidations(readers: [{ [weak store] in _ = store?.sum }])
        store.send(.bump(2))
        #expect(invalidations.total == 0)
        store.send(.bump(1))
        #expect(invalidations.total == 1)
    }

    /// `Observations`, Swift 6.2's sequence of a tracked value, hears a field's changes as `withObservationTracking`
    /// does: each change read after the last.
    @Test func observationsOfAFieldReadThroughTheStoreEmitItsChanges() async {
        let store = Store(state: Fields(), reducer: reduce)
        let changes = Observations { store.f0 }
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        store.send(.bump(0))
        #expect(await iterator.next() == 1)
        store.send(.bump(3))
        store.send(.bump(0))
        #expect(await iterator.next() == 2)
    }

    @Test func fieldWatchesAreNotCountedAsSubscriptionsAndDoNotKeepTheStoreAlive() {
        weak var released: Store<Fields, FieldIntent, Never>?
        do {
            let store = Store(state: Fields(), reducer: reduce)
            _ = store.f0
            _ = store.nested.flag
            #expect(store.subscriptionCount == 0)
            released = store
        }
        #expect(released == nil)
    }
}
