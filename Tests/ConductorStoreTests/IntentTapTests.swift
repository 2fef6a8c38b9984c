import ConductorStore
import Testing

/// A store writes each intent it processes to its tap, in order, with whether the app sent it on its own.
@MainActor
struct IntentTapTests {
    func store() -> Store<AppState, AppIntent, AppEffect> { Store(state: AppState(), reducer: reducer) }

    @Test func everyIntentIsWrittenInOrderBeyondTheStagingBuffer() {
        let store = store()
        let tap = IntentTap<AppIntent> { _ in }
        store.addIntentTap(tap)
        for index in 0..<1_000 { store.send(index.isMultiple(of: 2) ? .increment : .decrement) }
        #expect(tap.count == 1_000)
        let entries = tap.entries
        #expect(entries.count == 1_000)
        #expect(entries[0].intent == .increment && entries[1].intent == .decrement && entries[999].intent == .decrement)
        #expect(entries.allSatisfy { $0.sentOnItsOwn })
    }

    @Test func theCheckpointCallsBackWhenTheCountReachesIt() {
        let store = store()
        var heard: [Int] = []
        let tap = IntentTap<AppIntent> { tap in heard.append(tap.count) }
        tap.checkpoint = 3
        store.addIntentTap(tap)
        for _ in 0..<5 { store.send(.increment) }
        #expect(heard.first == 3)
        tap.checkpoint = 400
        for _ in 0..<400 { store.send(.increment) }
        #expect(heard.contains(400))
    }

    @Test func forgottenIntentsLeaveAndTheRestStayInOrder() {
        let store = store()
        let tap = IntentTap<AppIntent> { _ in }
        store.addIntentTap(tap)
        store.send(.increment)
        store.send(.setLabel("kept"))
        tap.forget(first: 1)
        #expect(tap.entries.map(\.intent) == [.setLabel("kept")])
        tap.forget(first: 99)
        #expect(tap.count == 0)
    }

    @Test func anIntentSentWhileTheReaderSaysSoIsNotTheAppsOwn() async {
        let store = store()
        store.add(
            effectHandler: ClosureEffectHandler { (_: AppEffect, send: Send<AppIntent>) in await send(.soundPlayed) })
        let tap = IntentTap<AppIntent> { _ in }
        store.addIntentTap(tap)
        tap.sendsAreOnTheirOwn = false
        store.send(.setLabel("a command's"))
        tap.sendsAreOnTheirOwn = true
        for _ in 0..<5 { store.send(.increment) }
        await store.waitForEffects()
        // The fifth increment plays a sound: its answer is no send of the app's.
        #expect(tap.entries.map(\.sentOnItsOwn) == [false, true, true, true, true, true, false])
    }

    @Test func aScopedStoreKeepsNoTapAndSaysSo() {
        let store = store()
        let scoped = store.scope(state: \.label, intent: AppIntent.setLabel)
        withKnownIssue {
            scoped.addIntentTap(IntentTap { _ in })
        }
        #expect(scoped.intentTaps.isEmpty)
    }

    @Test func eachTapHearsEveryIntentWithItsOwnReadersSay() {
        let store = store()
        let first = IntentTap<AppIntent> { _ in }
        let second = IntentTap<AppIntent> { _ in }
        store.addIntentTap(first)
        store.addIntentTap(second)
        store.addIntentTap(first)  // once
        #expect(store.intentTaps.count == 2)
        first.sendsAreOnTheirOwn = false  // the first window's command runs
        store.send(.setLabel("first window's command"))
        first.sendsAreOnTheirOwn = true
        store.send(.increment)
        #expect(first.entries.map(\.sentOnItsOwn) == [false, true])
        #expect(second.entries.map(\.sentOnItsOwn) == [true, true])
        store.removeIntentTap(first)
        store.send(.decrement)
        #expect(first.count == 2)
        #expect(second.count == 3)
    }

    @Test(arguments: [false, true])
    func aTapThatRemovesItselfAtItsCheckpointLeavesTheOthersWritingEveryIntent(leavingIsFirst: Bool) {
        let store = store()
        let others = [IntentTap<AppIntent> { _ in }, IntentTap<AppIntent> { _ in }]
        let leaving = IntentTap<AppIntent> { [weak store] tap in store?.removeIntentTap(tap) }
        leaving.checkpoint = 3
        if leavingIsFirst { store.addIntentTap(leaving) }
        for tap in others { store.addIntentTap(tap) }
        if !leavingIsFirst { store.addIntentTap(leaving) }
        for _ in 0..<10 { store.send(.increment) }
        #expect(store.intentTaps.count == 2)
        #expect(others.map(\.count) == [10, 10])
        #expect(store.state.value == 10)
    }
}
