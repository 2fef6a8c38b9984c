import ConductorStore
import Testing

@MainActor
struct StoreAsyncSequenceTests {
    @Test func statesYieldsTheCurrentStateThenEveryChange() async {
        let store = Store(state: AppState(), reducer: reducer)
        var iterator = store.states().makeAsyncIterator()
        store.send(.increment)
        store.send(.setLabel("x"))
        #expect(await iterator.next()?.value == 0)
        #expect(await iterator.next()?.value == 1)
        #expect(await iterator.next()?.label == "x")
    }

    @Test func valuesYieldsOnlyChangesOfTheSelectedValue() async {
        let store = Store(state: AppState(), reducer: reducer)
        let values = store.values(of: \.value)
        store.send(.increment)
        store.send(.setLabel("ignored"))
        store.send(.increment)
        var seen: [Int] = []
        for await value in values {
            seen.append(value)
            if seen.count == 3 { break }
        }
        #expect(seen == [0, 1, 2])
    }

    @Test func endingTheSequenceEndsItsSubscription() async {
        let store = Store(state: AppState(), reducer: reducer)
        do {
            var iterator = store.values(of: \.value).makeAsyncIterator()
            _ = await iterator.next()
            #expect(store.subscriptionCount == 1)
        }
        await eventually { store.subscriptionCount == 0 }
        #expect(store.subscriptionCount == 0)
    }
}
