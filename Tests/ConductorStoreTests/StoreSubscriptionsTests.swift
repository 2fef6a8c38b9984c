import ConductorStore
import Testing

/// A state with selections of every size and layout the subscription table treats differently: one byte at an
/// odd offset, 8 and 16 bytes, 9 bytes with a tag (an optional), more than 16 bytes, a string (a reference to heap
/// storage), a floating-point value, an array, and a key path with a subscript and one through a computed property.
private struct Mixed: Equatable {
    var flag = false
    var other = false
    var count = 0
    var name = "a"
    var maybe: Int? = nil
    var wide = Wide()
    var ratio = 0.0
    var list = [1, 2, 3]
    var doubled: Int { count * 2 }
}

private struct Wide: Equatable {
    var a = 0, b = 0, c = 0
}

private enum Edit: Sendable {
    case flag(Bool)
    case other(Bool)
    case count(Int)
    case name(String)
    case maybe(Int?)
    case wideC(Int)
    case ratio(Double)
    case element(Int, Int)
    case nothing
}

private func edit(_ state: inout Mixed, _ edit: Edit) -> [Never] {
    switch edit {
    case .flag(let value): state.flag = value
    case .other(let value): state.other = value
    case .count(let value): state.count = value
    case .name(let value): state.name = value
    case .maybe(let value): state.maybe = value
    case .wideC(let value): state.wide.c = value
    case .ratio(let value): state.ratio = value
    case .element(let index, let value): state.list[index] = value
    case .nothing: break
    }
    return []
}

@MainActor
private func makeStore() -> Store<Mixed, Edit, Never> { Store(state: Mixed(), reducer: edit) }

/// Collects what a handler hears.
@MainActor
private final class Heard<Value> {
    var values: [Value] = []
    func append(_ value: Value) { values.append(value) }
}

@MainActor
struct StoreSubscriptionsTests {
    @Test func aOneByteSelectionBesideAnotherHearsOnlyItsOwnChanges() {
        let store = makeStore()
        let flag = Heard<Bool>()
        let token = store.subscribe(\.flag, handler: flag.append)
        store.send(.other(true))
        store.send(.flag(true))
        store.send(.flag(true))
        #expect(flag.values == [false, true])
        _ = token
    }

    @Test func anOptionalHearsEveryChangeOfItsTagAndPayload() {
        let store = makeStore()
        let maybe = Heard<Int?>()
        let token = store.subscribe(\.maybe, handler: maybe.append)
        for value in [nil, 0, 0, 5, nil, nil] as [Int?] { store.send(.maybe(value)) }
        #expect(maybe.values == [nil, 0, 5, nil])
        _ = token
    }

    @Test func aSelectionLargerThanSixteenBytesHearsItsChanges() {
        let store = makeStore()
        let wide = Heard<Int>()
        let token = store.subscribe(\.wide) { wide.append($0.c) }
        store.send(.wideC(3))
        store.send(.count(1))
        store.send(.wideC(3))
        #expect(wide.values == [0, 3])
        _ = token
    }

    @Test func keyPathsAtOneOffsetToValuesOfDifferentTypesAreWatchedApart() {
        let store = makeStore()
        let wide = Heard<Wide>()
        let first = Heard<Int>()
        let composed = Heard<Int>()
        // `\.wide` and `\.wide.a` start at the same byte; `wide.a` also written as an appended key path.
        let tokens = [
            store.subscribe(\.wide, handler: wide.append),
            store.subscribe(\.wide.a, handler: first.append),
            store.subscribe((\Mixed.wide).appending(path: \Wide.a), handler: composed.append),
        ]
        store.send(.wideC(3))
        #expect(wide.values.map(\.c) == [0, 3])
        #expect(first.values == [0])
        #expect(composed.values == [0])
        _ = tokens
    }

    @Test func aStringWithEqualContentsInNewStorageIsNotAChange() {
        let store = makeStore()
        let names = Heard<String>()
        let token = store.subscribe(\.name, handler: names.append)
        // Long enough to live on the heap: each send stores a new buffer with the same characters.
        let long = String(repeating: "conductor ", count: 10)
        store.send(.name(long))
        store.send(.name(String(long.reversed().reversed())))
        store.send(.name(long + "!"))
        #expect(names.values == ["a", long, long + "!"])
        _ = token
    }

    @Test func anElementChangedInPlaceInAListIsAChange() {
        let store = makeStore()
        let lists = Heard<[Int]>()
        let elements = Heard<Int>()
        let listToken = store.subscribe(\.list, handler: lists.append)
        let elementToken = store.subscribe(\.list[1], handler: elements.append)
        store.send(.element(1, 20))
        store.send(.element(0, 10))
        store.send(.nothing)
        #expect(lists.values == [[1, 2, 3], [1, 20, 3], [10, 20, 3]])
        #expect(elements.values == [2, 20])
        _ = (listToken, elementToken)
    }

    @Test func aKeyPathThroughAComputedPropertyHearsItsChanges() {
        let store = makeStore()
        let doubled = Heard<Int>()
        let token = store.subscribe(\.doubled, handler: doubled.append)
        store.send(.count(2))
        store.send(.flag(true))
        #expect(doubled.values == [0, 4])
        _ = token
    }

    @Test func aNaNStoredAgainIsNotAChangeThoughItIsUnequalToItself() {
        let store = makeStore()
        let ratios = Heard<Double>()
        let token = store.subscribe(\.ratio, handler: ratios.append)
        store.send(.ratio(.nan))
        store.send(.ratio(.nan))
        store.send(.ratio(1))
        #expect(ratios.values.count == 3)
        #expect(ratios.values[1].isNaN)
        #expect(ratios.values[2] == 1)
        _ = token
    }

    @Test func removingSubscriptionsInAnyOrderLeavesTheOthersHearing() {
        let store = makeStore()
        let counts = Heard<Int>()
        let flags = Heard<Bool>()
        let names = Heard<String>()
        var cancelledHeard = 0
        var tokens = [
            store.subscribe(\.maybe) { _ in cancelledHeard += 1 },
            store.subscribe(\.count, handler: counts.append),
            store.subscribe(\.wide) { _ in cancelledHeard += 1 },
            store.subscribe(\.flag, handler: flags.append),
            store.subscribe(selector: { $0.ratio }) { _ in cancelledHeard += 1 },
            store.subscribe(selector: { $0.name }, handler: names.append),
        ]
        tokens[0].cancel()
        tokens[4].cancel()
        tokens[2].cancel()
        tokens.remove(at: 4)
        store.send(.count(1))
        store.send(.flag(true))
        store.send(.name("b"))
        store.send(.maybe(1))
        store.send(.wideC(1))
        store.send(.ratio(2))
        #expect(counts.values == [0, 1])
        #expect(flags.values == [false, true])
        #expect(names.values == ["a", "b"])
        #expect(cancelledHeard == 3, "each heard only the value it had when it subscribed")
        #expect(store.subscriptionCount == 3)
        _ = tokens
    }

    @Test func subscribersOfOneChangeHearInTheOrderTheySubscribed() {
        let store = makeStore()
        var order: [String] = []
        let tokens = [
            store.subscribe(selector: { $0.count }) { _ in order.append("selector") },
            store.subscribe(\.count) { _ in order.append("key path 1") },
            store.subscribe(\.doubled) { _ in order.append("computed") },
            store.subscribe(\.count) { _ in order.append("key path 2") },
        ]
        order.removeAll()
        store.send(.count(1))
        #expect(order == ["selector", "key path 1", "computed", "key path 2"])
        _ = tokens
    }

    @Test func aHandlerThatReleasesAnotherTokenStopsItInTheSameRound() {
        let store = makeStore()
        var second: SubscriptionToken?
        var heardBySecond: [Int] = []
        let first = store.subscribe(\.count) { count in if count == 1 { second = nil } }
        second = store.subscribe(\.count) { heardBySecond.append($0) }
        store.send(.count(1))
        #expect(heardBySecond == [0])
        #expect(second == nil)
        _ = first
    }

    @Test func aSubscriptionMadeInAHandlerInTheSlotOfOneItCancelledHearsNothingOfTheRound() {
        let store = makeStore()
        var second: SubscriptionToken?
        var third: SubscriptionToken?
        var heardBySecond: [Int] = []
        let flags = Heard<Bool>()
        let first = store.subscribe(\.count) { count in
            guard count == 1 else { return }
            second?.cancel()
            // Takes the slot the cancelled subscription left, while its change is still pending.
            third = store.subscribe(\.flag, handler: flags.append)
        }
        second = store.subscribe(\.count) { heardBySecond.append($0) }
        store.send(.count(1))
        store.send(.flag(true))
        #expect(heardBySecond == [0])
        #expect(flags.values == [false, true])
        #expect(store.subscriptionCount == 2)
        _ = (first, third)
    }

    @Test func everySubscriptionEndedLeavesAnEmptyTableThatServesNewOnes() {
        let store = makeStore()
        var tokens = (0..<3).map { _ in store.subscribe(\.count) { _ in } }
        tokens.removeAll()
        #expect(store.subscriptionCount == 0)
        let counts = Heard<Int>()
        let token = store.subscribe(\.count, handler: counts.append)
        store.send(.count(2))
        #expect(counts.values == [0, 2])
        #expect(store.subscriptionCount == 1)
        _ = token
    }

    @Test func aHandlerThatRestoresTheStateStartsANestedRoundThatEveryoneHears() {
        let store = makeStore()
        var heard: [Int] = []
        var restored = false
        let first = store.subscribe(\.count) { count in
            if count == 5 && !restored {
                restored = true
                var state = store.state
                state.count = 7
                store.restore(state)
            }
        }
        let second = store.subscribe(\.count) { heard.append($0) }
        store.send(.count(5))
        #expect(heard.last == 7)
        #expect(store.state.count == 7)
        _ = (first, second)
    }
}
