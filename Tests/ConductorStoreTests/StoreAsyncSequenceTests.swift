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

    @Test func aViewModelSequenceYieldsOnlyWhenTheMappedViewChanges() async {
        struct Badge: Equatable, Sendable {
            let text: String
        }
        let store = Store(state: AppState(), reducer: reducer)
        let badges = store.values(selector: { Badge(text: $0.value > 1 ? "many" : "few") })
        store.send(.increment)
        store.send(.increment)
        store.send(.setLabel("ignored"))
        store.send(.increment)
        var seen: [String] = []
        for await badge in badges {
            seen.append(badge.text)
            if seen.count == 2 { break }
        }
        #expect(seen == ["few", "many"])
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

    /// The stream and its subscription once kept each other alive, so `for await` never ended.
    @Test func releasingTheStoreFinishesEveryStreamItMade() async {
        var store: Store<AppState, AppIntent, AppEffect>? = Store(state: AppState(), reducer: reducer)
        weak let released = store
        let values = store!.values(of: \.value)
        let states = store!.states()
        store = nil
        #expect(released == nil)
        var seenValues: [Int] = []
        for await value in values { seenValues.append(value) }
        var stateCount = 0
        for await _ in states { stateCount += 1 }
        #expect(seenValues == [0])
        #expect(stateCount == 1)
    }
}
