import ConductorStore
import Observation

/// The state the store benchmarks send to: a counter that changes, a hundred fields that do not, the same hundred
/// values in an array (for key paths with subscripts and element subscriptions), a thousand rows, and a list that
/// grows.
struct BenchState: Equatable {
    var count = 0
    var fields = Fields()
    var values = [Int](repeating: 0, count: 100)
    var rows = [Int](repeating: 0, count: 1_000)
    var items: [Int] = []

    /// A computed property, so that key paths through it cannot be read at a fixed offset.
    var computedFields: Fields { fields }
}

enum BenchIntent: Sendable {
    case increment
    case touchFirstField
    case append
    case trimItems(to: Int)
    case touchRow
}

func benchReducer(_ state: inout BenchState, _ intent: BenchIntent) -> [Never] {
    switch intent {
    case .increment: state.count &+= 1
    case .touchFirstField: state.fields.f0 &+= 1
    case .append: state.items.append(state.items.count)
    case .trimItems(let count): state.items.removeLast(max(state.items.count - count, 0))
    case .touchRow: state.rows[500] &+= 1
    }
    return []
}

typealias BenchStore = Store<BenchState, BenchIntent, Never>

/// Store sends with subscribers of each kind, subscription churn, and sends to a growing state.
@MainActor
func storeBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 20)

    /// A store with the given subscribers, and a body that sends `intent` `operations` times.
    func sends(
        id: String,
        name: String,
        target: String,
        intent: BenchIntent = .increment,
        subscribe: @escaping @MainActor (BenchStore) -> [SubscriptionToken]
    ) -> Benchmark {
        Benchmark(id: id, name: name, target: target, operations: operations) {
            let store = BenchStore(state: BenchState(), reducer: benchReducer)
            let tokens = subscribe(store)
            return {
                for _ in 0..<operations { store.send(intent) }
                blackHole(tokens)
            }
        }
    }
    let fieldPaths = Fields.keyPaths.map { (\BenchState.fields).appending(path: $0) }

    return [
        sends(id: "store-send-0", name: "store send, 0 subscribers", target: "≤ 2×") { _ in [] },
        sends(id: "store-send-1-changed", name: "store send, 1 subscriber that changes", target: "≤ 2.5×") { store in
            [store.subscribe(\.count) { blackHole($0) }]
        },
        sends(
            id: "store-send-100-keypath-unchanged",
            name: "store send, 100 key-path subscribers, none changed",
            target: "≤ 3×, 0 allocations"
        ) { store in fieldPaths.map { store.subscribe($0) { blackHole($0) } } },
        sends(
            id: "store-send-100-keypath-shared-unchanged",
            name: "store send, 100 key-path subscribers on 10 key paths, none changed",
            target: "≤ 3×"
        ) { store in (0..<100).map { store.subscribe(fieldPaths[$0 % 10]) { blackHole($0) } } },
        sends(
            id: "store-send-100-subscript-unchanged",
            name: "store send, 100 key-path subscribers on array elements (\\.values[i]), none changed",
            target: "≤ 5×"
        ) { store in (0..<100).map { store.subscribe(\BenchState.values[$0]) { blackHole($0) } } },
        sends(
            id: "store-send-100-elements-unchanged",
            name: "store send, 100 element subscribers of one array (subscribe(\\.values, at: i)), none changed",
            target: "≤ 20×, 0 allocations"
        ) { store in (0..<100).map { store.subscribe(\.values, at: $0) { blackHole($0) } } },
        sends(
            id: "store-send-1000-elements-unchanged",
            name: "store send, 1,000 element subscribers of one array, none changed",
            target: "≤ 2× the 100-element row"
        ) { store in (0..<1_000).map { store.subscribe(\.rows, at: $0) { blackHole($0) } } },
        sends(
            id: "store-send-1000-elements-1-changed",
            name: "store send, 1,000 element subscribers of one array, 1 changed",
            target: "≤ 30×",
            intent: .touchRow
        ) { store in (0..<1_000).map { store.subscribe(\.rows, at: $0) { blackHole($0) } } },
        sends(
            id: "store-send-100-computed-unchanged",
            name: "store send, 100 key-path subscribers through a computed property, none changed",
            target: "≤ 5×"
        ) { store in
            Fields.keyPaths.map { store.subscribe((\BenchState.computedFields).appending(path: $0)) { blackHole($0) } }
        },
        sends(
            id: "store-send-100-selector-unchanged",
            name: "store send, 100 selector subscribers, none changed",
            target: "≤ 5×"
        ) { store in BenchState.selectors.map { store.subscribe(selector: $0) { blackHole($0) } } },
        sends(
            id: "store-send-100-keypath-1-changed",
            name: "store send, 100 key-path subscribers, 1 changed",
            target: "≤ 6×",
            intent: .touchFirstField
        ) { store in fieldPaths.map { store.subscribe($0) { blackHole($0) } } },
        observingViews(100),
        observingViews(100, readingWholeState: true),
        observableModelViews(100),
        churn(existing: 1_000),
        churn(existing: 10_000),
        churn(existing: 100_000),
        growing(items: 1_000),
        growing(items: 10_000),
        growing(items: 100_000),
    ]
}

/// Subscribe then unsubscribe, with `existing` other subscribers in place: the cost must not grow with the count.
@MainActor
func churn(existing: Int) -> Benchmark {
    let operations = Scale.operations(dividedBy: 20)
    return Benchmark(
        id: "subscribe-unsubscribe-\(existing)",
        name: "subscribe + unsubscribe, \(existing) subscribers in place",
        target: "≤ 10×, flat",
        operations: operations
    ) {
        let store = BenchStore(state: BenchState(), reducer: benchReducer)
        let paths = Fields.keyPaths.map { (\BenchState.fields).appending(path: $0) }
        let others = (0..<existing).map { store.subscribe(paths[$0 % 100]) { blackHole($0) } }
        return {
            for _ in 0..<operations {
                let token = store.subscribe(\.count) { blackHole($0) }
                token.cancel()
            }
            blackHole(others)
        }
    }
}

/// A state holding `items` items, one appended per send, one subscriber on the list: the cost per send must not
/// grow with the list (no copy of it per send). The body trims the list back afterwards.
@MainActor
func growing(items: Int) -> Benchmark {
    let operations = Scale.operations(dividedBy: 200)
    return Benchmark(
        id: "store-send-append-\(items)",
        name: "store send appending to a list of \(items) items, 1 subscriber on the list",
        target: "flat",
        operations: operations
    ) {
        var state = BenchState()
        state.items = Array(0..<items)
        let store = BenchStore(state: state, reducer: benchReducer)
        let token = store.subscribe(\.items) { blackHole($0.count) }
        return {
            for _ in 0..<operations { store.send(.append) }
            store.send(.trimItems(to: items))
            blackHole(token)
        }
    }
}

/// `count` views, each reading one field through the store with Observation (as SwiftUI views read `store.f0`), and
/// re-tracking when invalidated as a view re-renders; each intent changes one field. Field-level observation
/// invalidates one view per intent: ``observationInvalidationsPerIntent(views:readingWholeState:)`` counts them.
/// With `readingWholeState`, the views read `store.state.fields.fN` instead, and every change invalidates all of them.
@MainActor
func observingViews(_ count: Int, readingWholeState: Bool = false) -> Benchmark {
    let operations = Scale.operations(dividedBy: readingWholeState ? 2_000 : 20)
    return Benchmark(
        id: "store-observation-\(count)-views" + (readingWholeState ? "-whole-state" : ""),
        name:
            "store send, \(count) views observing one field each \(readingWholeState ? "through state" : "through the store"), 1 changed",
        target: readingWholeState ? "for comparison" : "≤ 80×, 1 invalidation",
        operations: operations
    ) {
        let store = BenchStore(state: BenchState(), reducer: benchReducer)
        let views = ObservingViews(store: store, count: count, readingWholeState: readingWholeState)
        return {
            for _ in 0..<operations { store.send(.touchFirstField) }
            blackHole(views)
        }
    }
}

/// How many of `views` observing views are invalidated by one intent that changes one field.
@MainActor
func observationInvalidationsPerIntent(views: Int, readingWholeState: Bool = false) -> Double {
    let store = BenchStore(state: BenchState(), reducer: benchReducer)
    let observers = ObservingViews(store: store, count: views, readingWholeState: readingWholeState)
    let intents = 100
    for _ in 0..<intents { store.send(.touchFirstField) }
    return Double(observers.invalidations) / Double(intents)
}

/// Views that each read one field of the store, tracked by Observation, and read it again when invalidated.
@MainActor
final class ObservingViews {
    private(set) var invalidations = 0
    private let store: BenchStore
    private let fields: [KeyPath<BenchState, Int>]
    private let readingWholeState: Bool

    init(store: BenchStore, count: Int, readingWholeState: Bool) {
        self.store = store
        self.readingWholeState = readingWholeState
        fields = Fields.keyPaths.prefix(count).map { (\BenchState.fields).appending(path: $0) }
        for index in fields.indices { track(index) }
    }

    private func track(_ index: Int) {
        withObservationTracking {
            if readingWholeState {
                blackHole(store.state[keyPath: fields[index]])
            } else {
                blackHole(store[dynamicMember: fields[index]])
            }
        } onChange: {
            // Called on the main actor, where the store sends.
            MainActor.assumeIsolated {
                self.invalidations += 1
                self.track(index)
            }
        }
    }
}

/// A row of the collection-scope benchmarks: what a list shows.
struct BenchRow: Identifiable, Equatable {
    let id: Int
    var title: String
    var count = 0
}

struct RowsBenchState: Equatable {
    var count = 0
    var rows = (0..<10_000).map { BenchRow(id: $0, title: "row \($0)") }
}

enum RowsBenchIntent: Sendable {
    case increment
    case touchRow(Int)
    case row(id: Int, BenchRowIntent)
}

enum BenchRowIntent: Sendable {
    case touch
}

func rowsBenchReducer(_ state: inout RowsBenchState, _ intent: RowsBenchIntent) -> [Never] {
    switch intent {
    case .increment: state.count &+= 1
    case .touchRow(let index): state.rows[index].count &+= 1
    case .row(let id, .touch): state.rows[id].count &+= 1
    }
    return []
}

/// A list of 10,000 rows through a collection scope, 100 of them with a live store and a subscriber (what a screen
/// shows): an intent that changes no row, and one that changes a shown row.
@MainActor
func rowScopeBenchmarks() -> [Benchmark] {
    let operations = Scale.operations(dividedBy: 20)
    func sends(id: String, name: String, target: String, intent: RowsBenchIntent) -> Benchmark {
        Benchmark(id: id, name: name, target: target, operations: operations) {
            let store = Store(state: RowsBenchState(), reducer: rowsBenchReducer)
            let rows = store.scope(rows: \.rows, intent: RowsBenchIntent.row)
            let shown = (0..<100).map { rows[$0] }
            let tokens = shown.map { $0.subscribe(\.count) { blackHole($0) } }
            return {
                for _ in 0..<operations { store.send(intent) }
                blackHole((shown, tokens))
            }
        }
    }
    /// A pass over every row of a 10,000-row collection scope, as a list's update makes.
    func identify(
        id: String, name: String, target: String,
        pass: @escaping @MainActor (StoreRows<BenchRow, BenchRowIntent>) -> Void
    ) -> Benchmark {
        Benchmark(id: id, name: name, target: target, operations: 10_000) {
            let store = Store(state: RowsBenchState(), reducer: rowsBenchReducer)
            let rows = store.scope(rows: \.rows, intent: RowsBenchIntent.row)
            return { pass(rows) }
        }
    }
    return [
        sends(
            id: "store-rows-10000-unchanged",
            name: "store send, a collection scope of 10,000 rows with 100 live row stores, none changed",
            target: "≤ 20×", intent: .increment),
        sends(
            id: "store-rows-10000-1-changed",
            name: "store send, a collection scope of 10,000 rows with 100 live row stores, 1 changed",
            target: "≤ 30×", intent: .touchRow(50)),
        identify(
            id: "store-rows-identify-per-row",
            name: "a list's identification pass over a collection scope of 10,000 rows (identities), per row",
            target: "≤ 2×"
        ) { rows in for identity in rows.identities { blackHole(identity) } },
        identify(
            id: "store-rows-identify-by-store-per-row",
            name: "the same pass identifying rows by their stores (ForEach(rows, id: \\.self)), per row",
            target: "for comparison"
        ) { rows in for row in rows { blackHole(row) } },
    ]
}
