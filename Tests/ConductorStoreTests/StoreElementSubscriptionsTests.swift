import ConductorStore
import Testing

/// A list of rows, a field beside it, and the same rows reached only through a computed property (no fixed offset).
private struct Rows: Equatable {
    var values = [10, 20, 30]
    var title = "rows"
    var wide: [String] = ["a", "b"]
    var viaComputed: [Int] { values }
}

private enum RowEdit: Sendable {
    case set(Int, Int)
    case append(Int)
    case removeLast
    case title(String)
    case replaceAll([Int])
    case touch(Int)  // writes an element's own value back: the collection is copied, no element changes
}

private func editRows(_ state: inout Rows, _ edit: RowEdit) -> [Never] {
    switch edit {
    case .set(let index, let value): state.values[index] = value
    case .append(let value): state.values.append(value)
    case .removeLast: state.values.removeLast()
    case .title(let title): state.title = title
    case .replaceAll(let values): state.values = values
    case .touch(let index): state.values[index] = state.values[index]
    }
    return []
}

@MainActor
struct StoreElementSubscriptionsTests {
    private func makeStore() -> Store<Rows, RowEdit, Never> { Store(state: Rows(), reducer: editRows) }

    @Test func aSubscriberHearsItsElementNowAndWhenItChangesOnly() {
        let store = makeStore()
        var heard: [Int?] = []
        let token = store.subscribe(\.values, at: 1) { heard.append($0) }
        store.send(.set(0, 11))
        store.send(.title("other"))
        store.send(.touch(1))
        store.send(.set(1, 21))
        store.send(.set(1, 21))
        #expect(heard == [20, 21])
        withExtendedLifetime(token) {}
    }

    @Test func anElementPastTheEndIsNilAndComesBackWhenTheCollectionGrows() {
        let store = makeStore()
        var heard: [Int?] = []
        let token = store.subscribe(\.values, at: 3) { heard.append($0) }
        store.send(.append(40))
        store.send(.removeLast)
        store.send(.replaceAll([]))
        store.send(.replaceAll([1, 2, 3, 4, 5]))
        #expect(heard == [nil, 40, nil, 4])
        let negative = store.subscribe(\.values, at: -1) { heard.append($0) }
        #expect(heard.last == .some(nil))
        withExtendedLifetime((token, negative)) {}
    }

    @Test func eachPositionHearsOnlyItsOwnChangesInSubscriptionOrder() {
        let store = makeStore()
        var heard: [String] = []
        let tokens = [2, 0, 1, 0].map { position in
            store.subscribe(\.values, at: position) { heard.append("\(position): \($0 ?? -1)") }
        }
        heard.removeAll()
        store.send(.replaceAll([10, 99, 31]))
        #expect(heard == ["2: 31", "1: 99"])
        heard.removeAll()
        store.send(.set(0, 1))
        #expect(heard == ["0: 1", "0: 1"])
        withExtendedLifetime(tokens) {}
    }

    @Test func aCollectionWithoutAFixedOffsetIsWatchedTheSameWay() {
        let store = makeStore()
        var heard: [Int?] = []
        var words: [String?] = []
        let token = store.subscribe(\.viaComputed, at: 0) { heard.append($0) }
        let wide = store.subscribe(\.wide, at: 1) { words.append($0) }
        store.send(.title("x"))
        store.send(.set(0, 5))
        store.send(.set(1, 6))
        #expect(heard == [10, 5])
        #expect(words == ["b"])
        withExtendedLifetime((token, wide)) {}
    }

    @Test func cancellingTheLastSubscriberOfEveryPositionLeavesNothingWatched() {
        let store = makeStore()
        var heard = 0
        let first = store.subscribe(\.values, at: 0) { _ in heard += 1 }
        let second = store.subscribe(\.values, at: 0) { _ in heard += 1 }
        var third: SubscriptionToken? = store.subscribe(\.values, at: 2) { _ in heard += 1 }
        #expect(store.subscriptionCount == 3)
        first.cancel()
        third = nil
        store.send(.set(0, 1))
        #expect(heard == 3 + 1)
        second.cancel()
        #expect(store.subscriptionCount == 0)
        store.send(.set(0, 2))
        #expect(heard == 4)
        // Watched again after all went: a fresh group.
        let again = store.subscribe(\.values, at: 0) { _ in heard += 1 }
        store.send(.set(0, 3))
        #expect(heard == 6)
        withExtendedLifetime((third, again)) {}
    }

    @Test func aHandlerMaySubscribeCancelAndSendWhileChangesAreDelivered() {
        let store = makeStore()
        var heard: [String] = []
        var late: SubscriptionToken?
        var second: SubscriptionToken?
        let first = store.subscribe(\.values, at: 0) { value in
            heard.append("first \(value ?? -1)")
            guard value == 1 else { return }
            second?.cancel()
            late = store.subscribe(\.values, at: 2) { heard.append("late \($0 ?? -1)") }
            store.send(.set(2, 3))
        }
        second = store.subscribe(\.values, at: 1) { heard.append("second \($0 ?? -1)") }
        heard.removeAll()
        store.send(.replaceAll([1, 2, 30]))
        #expect(heard == ["first 1", "late 30", "late 3"])
        withExtendedLifetime((first, late)) {}
    }

    @Test func elementSubscriptionsAgreeWithKeyPathsToTheElementsUnderRandomEdits() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let store = makeStore()
            var byElement: [Int: [Int?]] = [:]
            var byKeyPath: [Int: [Int?]] = [:]
            var tokens: [SubscriptionToken] = []
            for position in 0..<6 {
                tokens.append(store.subscribe(\.values, at: position) { byElement[position, default: []].append($0) })
                tokens.append(
                    store.subscribe(selector: { $0.values.indices.contains(position) ? $0.values[position] : nil }) {
                        byKeyPath[position, default: []].append($0)
                    })
            }
            for _ in 0..<200 {
                let count = store.state.values.count
                let edit: RowEdit =
                    switch Int.random(in: 0..<6, using: &generator) {
                    case 0 where count > 0: .set(Int.random(in: 0..<count, using: &generator), Int.random(in: 0..<3))
                    case 1: .append(Int.random(in: 0..<3, using: &generator))
                    case 2 where count > 0: .removeLast
                    case 3: .title("t")
                    case 4 where count > 0: .touch(Int.random(in: 0..<count, using: &generator))
                    default: .replaceAll((0..<Int.random(in: 0..<8, using: &generator)).map { $0 % 3 })
                    }
                store.send(edit)
            }
            #expect(byElement == byKeyPath)
            withExtendedLifetime(tokens) {}
        }
    }
}
