import ConductorStore
import Testing

@MainActor
struct StoreTimeTravelTests {
    @Test func replayGivesTheStateAfterEachPrefixOfTheLogWithoutTouchingTheStore() {
        let store = Store(state: AppState(), reducer: reducer)
        store.isRecordingIntents = true
        let intents: [AppIntent] = [.increment, .setLabel("a"), .increment, .decrement]
        for intent in intents { store.send(intent) }
        for k in 0...intents.count {
            var expected = AppState()
            for intent in intents.prefix(k) { _ = reducer(state: &expected, intent: intent) }
            let log = IntentLog(Array(store.intentLog.intents.prefix(k)))
            #expect(log.replay(onto: AppState(), reducer: store.reducer) == expected)
        }
        #expect(store.state == AppState(value: 1, soundsPlayed: 0, label: "a"))
    }

    @Test func restoreTellsSubscribersWhatChangedAndRunsNoReducerOrEffect() {
        var reduced = 0
        let store = Store(state: AppState()) { (state: inout AppState, intent: AppIntent) -> [AppEffect] in
            reduced += 1
            return reducer(state: &state, intent: intent)
        }
        var values: [Int] = []
        var labels: [String] = []
        let tokens = [store.subscribe(\.value) { values.append($0) }, store.subscribe(\.label) { labels.append($0) }]
        store.send(.increment)
        store.restore(AppState(value: 7, soundsPlayed: 0, label: ""))
        #expect(store.state.value == 7)
        #expect(values == [0, 1, 7])
        #expect(labels == [""])
        #expect(reduced == 1)
        #expect(store.intentLog.intents.isEmpty)
        _ = tokens
    }
}
