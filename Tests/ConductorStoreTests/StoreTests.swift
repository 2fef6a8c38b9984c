import ConductorStore
import Observation
import Testing

private struct NonEquatableState { var count = 0 }
private struct EquatableState: Equatable { var count = 0 }
private enum CountIntent: Intent { case increment, noop }

private func countReducer(_ state: inout NonEquatableState, _ intent: CountIntent) -> [Never] {
    if case .increment = intent { state.count += 1 }
    return []
}

private func countReducer(_ state: inout EquatableState, _ intent: CountIntent) -> [Never] {
    if case .increment = intent { state.count += 1 }
    return []
}

@MainActor
struct StoreTests {
    // MARK: Glue's README and tests

    @Test func gluesReadmeCounterPlaysASoundAtEveryMultipleOfFive() async {
        let player = Player()
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler(player: player))
        for _ in 0..<10 { store.send(.increment) }
        store.send(.decrement)
        await eventually { store.state.soundsPlayed == 2 }
        #expect(store.state.value == 9)
        #expect(store.state.soundsPlayed == 2)
        #expect(await player.plays == 2)
    }

    @Test func subscribeNotifiesTheCurrentStateAtOnce() {
        let store = Store(state: NonEquatableState(count: 7), reducer: countReducer)
        var notified: [Int] = []
        let token = store.subscribe { notified.append($0.count) }
        #expect(notified == [7])
        _ = token
    }

    @Test func nonEquatableStateNotifiesAfterEveryIntent() {
        let store = Store(state: NonEquatableState(), reducer: countReducer)
        var notified: [Int] = []
        let token = store.subscribe { notified.append($0.count) }
        store.send(.increment)
        store.send(.noop)
        store.send(.increment)
        #expect(notified == [0, 1, 1, 2])
        _ = token
    }

    @Test func equatableStateNotifiesOnlyWhenItChanges() {
        let store = Store(state: EquatableState(), reducer: countReducer)
        var notified: [Int] = []
        let token = store.subscribe { notified.append($0.count) }
        store.send(.increment)
        store.send(.noop)
        store.send(.increment)
        #expect(notified == [0, 1, 2])
        _ = token
    }

    @Test func nonEquatableSelectionNotifiesAfterEveryIntentAndEquatableOnlyOnChange() {
        let store = Store(state: EquatableState(), reducer: countReducer)
        var counts: [Int] = []
        var voids = 0
        let countToken = store.subscribe(selector: { $0.count }) { counts.append($0) }
        let voidToken = store.subscribe(selector: { _ in () }) { voids += 1 }
        store.send(.increment)
        store.send(.noop)
        store.send(.increment)
        #expect(counts == [0, 1, 2])
        #expect(voids == 4)
        _ = (countToken, voidToken)
    }

    @Test func keyPathSubscriptionsFireOnlyWhenTheirValueChanges() {
        let store = Store(state: AppState(), reducer: reducer)
        var values: [Int] = []
        var labels: [String] = []
        let tokens = [
            store.subscribe(\.value) { values.append($0) },
            store.subscribe(\.label) { labels.append($0) },
        ]
        store.send(.increment)
        store.send(.setLabel("a"))
        store.send(.setLabel("a"))
        store.send(.decrement)
        #expect(values == [0, 1, 0])
        #expect(labels == ["", "a"])
        _ = tokens
    }

    @Test func releasingTheTokenStopsNotifications() {
        let store = Store(state: EquatableState(), reducer: countReducer)
        var notified: [Int] = []
        var token: SubscriptionToken? = store.subscribe(\.count) { notified.append($0) }
        store.send(.increment)
        token = nil
        store.send(.increment)
        #expect(notified == [0, 1])
        #expect(store.subscriptionCount == 0)
        _ = token
    }

    @Test func cancellingTheTokenStopsNotifications() {
        let store = Store(state: EquatableState(), reducer: countReducer)
        var notified: [Int] = []
        let token = store.subscribe(selector: { $0.count }) { notified.append($0) }
        token.cancel()
        token.cancel()
        store.send(.increment)
        #expect(notified == [0])
    }

    @Test func subscribersAreNotifiedInSubscriptionOrder() {
        let store = Store(state: AppState(), reducer: reducer)
        var order: [String] = []
        var tokens: Set<SubscriptionToken> = []
        tokens.insert(store.subscribe(\.value) { _ in order.append("a") })
        tokens.insert(store.subscribe(selector: { $0.value }) { _ in order.append("b") })
        tokens.insert(store.subscribe(\.value) { _ in order.append("c") })
        order.removeAll()
        store.send(.increment)
        #expect(order == ["a", "b", "c"])
    }

    @Test func unsubscribingAnotherSubscriberInsideAHandlerIsSafe() {
        let store = Store(state: AppState(), reducer: reducer)
        var second: SubscriptionToken?
        var secondCalls = 0
        let first = store.subscribe(\.value) { value in if value == 1 { second = nil } }
        second = store.subscribe(\.value) { _ in secondCalls += 1 }
        store.send(.increment)
        store.send(.increment)
        #expect(secondCalls == 1)
        _ = (first, second)
    }

    @Test func subscribingInsideAHandlerIsSafeAndNotifiesAtOnce() {
        let store = Store(state: AppState(), reducer: reducer)
        var inner: [SubscriptionToken] = []
        var innerValues: [Int] = []
        let outer = store.subscribe(\.value) { value in
            if value == 1 { inner.append(store.subscribe(\.value) { innerValues.append($0) }) }
        }
        store.send(.increment)
        store.send(.increment)
        #expect(innerValues == [1, 2])
        _ = outer
    }

    @Test func aSendFromASubscriberIsProcessedAfterTheCurrentIntentInOrder() {
        let store = Store(state: AppState(), reducer: reducer)
        var seen: [String] = []
        let labels = store.subscribe(\.label) { seen.append("label \($0)") }
        let values = store.subscribe(\.value) { value in
            seen.append("value \(value)")
            if value == 1 {
                store.send(.setLabel("one"))
                store.send(.increment)
                seen.append("sent from subscriber")
            }
        }
        store.send(.increment)
        #expect(
            seen == ["label ", "value 0", "value 1", "sent from subscriber", "label one", "value 2"]
        )
        #expect(store.state.value == 2)
        _ = (labels, values)
    }

    @Test func aHundredConcurrentSendersReachAnExactCount() async {
        let store = Store(state: AppState(), reducer: reducer)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { @Sendable in
                    for _ in 0..<100 { await store.send(.setLabel("x")) }
                    await store.send(.increment)
                }
            }
        }
        #expect(store.state.value == 100)
    }

    // MARK: Effects

    @Test func effectsGoToEveryHandlerAndMaySendIntentsBack() async {
        let store = Store(state: AppState(value: 4), reducer: reducer)
        let player = Player()
        store.add(effectHandler: SoundEffectHandler(player: player))
        store.add(effectHandler: ClosureEffectHandler { effect, send in await send(.setLabel("saw \(effect)")) })
        store.send(.increment)
        await eventually { store.state.soundsPlayed == 1 && store.state.label == "saw playSound" }
        #expect(store.state.soundsPlayed == 1)
        #expect(store.state.label == "saw playSound")
    }

    @Test func aThrowingEffectHandlerIsReportedAndTheStoreKeepsItsIntents() async {
        let store = Store(state: AppState(value: 4), reducer: reducer)
        var failures: [String] = []
        store.onEffectError = { failures.append("\($0.effect) \($0.error) \($0.handler)") }
        store.add(
            effectHandler: ClosureEffectHandler(name: "Flaky") { _, send in
                await send(.setLabel("before"))
                throw Boom()
            })
        store.send(.increment)
        await eventually { !failures.isEmpty }
        #expect(failures == ["playSound Boom() Flaky"])
        #expect(store.state.label == "before")
        store.send(.increment)
        #expect(store.state.value == 6)
    }

    @Test func waitingForEffectsReturnsOnceTheEffectsAndThoseTheyCausedHaveFinished() async {
        actor Rounds {
            var count = 0
            func next() -> Int {
                defer { count += 1 }
                return count
            }
        }
        let store = Store(state: AppState(value: 4), reducer: reducer)
        let rounds = Rounds()
        // Every multiple of 5 plays a sound; the first two plays increment five more times, causing the next.
        store.add(
            effectHandler: ClosureEffectHandler { _, send in
                await Task.yield()
                if await rounds.next() < 2 { for _ in 0..<5 { await send(.increment) } }
                await send(.soundPlayed)
            })
        store.send(.increment)
        #expect(await store.waitForEffects())
        #expect(store.runningEffectCount == 0)
        #expect(store.state.value == 15)
        #expect(store.state.soundsPlayed == 3)
    }

    @Test func sendAndWaitWaitsForItsIntentsEffectsAndTheirIntentsButNotForOthers() async {
        enum Work: Effect, Equatable {
            case slow, chained, background
            var cancellationID: EffectID? { self == .background ? "background" : nil }
        }
        let store = Store<AppState, AppIntent, Work>(state: AppState()) { state, intent in
            switch intent {
            case .increment:
                state.value += 1
                return state.value == 1 ? [.slow] : []
            case .setLabel("chain"): return [.chained]
            case .setLabel("background"): return [.background]
            case .setLabel(let label):
                state.label = label
                return []
            default: return []
            }
        }
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                switch effect {
                case .slow:
                    try await Task.sleep(for: .milliseconds(20))
                    await send(.setLabel("chain"))
                case .chained:
                    await Task.yield()
                    await send(.setLabel("done"))
                case .background:
                    try await Task.sleep(for: .seconds(60))
                }
            })
        store.send(.setLabel("background"))
        await store.sendAndWait(.increment)
        #expect(store.state.label == "done")
        #expect(store.runningEffectCount == 1)
        store.cancelAllEffects()
    }

    /// Each call returns the intents its own effects sent back, whichever finishes first and whatever else runs.
    @Test(arguments: [(30, 0), (0, 30)])
    func overlappingSendAndWaitsReturnTheirOwnAnswers(firstDelay: Int, secondDelay: Int) async {
        enum Echo: Effect { case echo(String, delay: Int) }
        for _ in 0..<10 {
            let store = Store<AppState, AppIntent, Echo>(state: AppState()) { state, intent in
                switch intent {
                case .setLabel(let label) where label.hasPrefix("ask "):
                    let delay = label == "ask first" ? firstDelay : secondDelay
                    return [.echo(String(label.dropFirst(4)), delay: delay)]
                case .setLabel(let label):
                    state.label = label
                    return []
                default: return []
                }
            }
            store.add(
                effectHandler: ClosureEffectHandler { effect, send in
                    guard case .echo(let text, let delay) = effect else { return }
                    try await Task.sleep(for: .milliseconds(delay))
                    await send(.setLabel("answer \(text)"))
                })
            async let first = store.sendAndWait(.setLabel("ask first"))
            async let second = store.sendAndWait(.setLabel("ask second"))
            let (one, two) = await (first, second)
            #expect(one == [.setLabel("answer first")])
            #expect(two == [.setLabel("answer second")])
        }
    }

    @Test func aReducerCanBeNamedWithTheReducerTypealias() {
        let typed: Reducer<AppState, AppIntent, AppEffect> = reducer
        let store = Store(state: AppState(), reducer: typed)
        store.send(.increment)
        #expect(store.state.value == 1)
    }

    @Test func sendAndWaitWithNoEffectsReturnsAtOnce() async {
        let store = Store(state: AppState(), reducer: reducer)
        await store.sendAndWait(.increment)
        #expect(store.state.value == 1)
    }

    @Test func waitingForEffectsWhenNoneRunReturnsAtOnce() async {
        let store = Store(state: AppState(), reducer: reducer)
        #expect(await store.waitForEffects(timeout: .zero))
    }

    @Test func waitingForEffectsTimesOutWhileOneRuns() async {
        let store = Store<AppState, AppIntent, AppEffect>(state: AppState(value: 4), reducer: reducer)
        store.add(effectHandler: ClosureEffectHandler { _, _ in try await Task.sleep(for: .seconds(30)) })
        store.send(.increment)
        #expect(await store.waitForEffects(timeout: .milliseconds(20)) == false)
        #expect(store.runningEffectCount == 1)
        store.cancelAllEffects()
        #expect(await store.waitForEffects(timeout: .seconds(120)))
    }

    @Test func aCancelledWaiterReturnsFalseAndTheStoreKeepsWorking() async {
        let store = Store<AppState, AppIntent, AppEffect>(state: AppState(value: 4), reducer: reducer)
        store.add(effectHandler: ClosureEffectHandler { _, _ in try await Task.sleep(for: .seconds(30)) })
        store.send(.increment)
        let waiter = Task { await store.waitForEffects() }
        waiter.cancel()
        #expect(await waiter.value == false)
        store.cancelAllEffects()
        #expect(await store.waitForEffects())
    }

    @Test func effectsCanBeCancelledByIDAndSendNothingAfterwards() async {
        struct Search: Effect {
            var cancellationID: EffectID? { "search" }
        }
        let started = Flag()
        let store = Store<AppState, AppIntent, Search>(state: AppState()) { _, intent in
            intent == .increment ? [Search()] : []
        }
        store.add(
            effectHandler: ClosureEffectHandler { _, send in
                await started.set()
                try? await Task.sleep(for: .seconds(30))
                await send(.setLabel("too late"))
            })
        store.send(.increment)
        await eventually { started.isSet }
        #expect(store.runningEffectCount == 1)
        #expect(store.cancelEffects(id: "search") == 1)
        await eventually { store.runningEffectCount == 0 }
        try? await Task.sleep(for: .milliseconds(20))
        #expect(store.state.label == "")
        #expect(store.cancelEffects(id: "search") == 0)
    }

    @Test func anEffectCanCancelTheOneInFlightWithItsID() async {
        struct Latest: Effect {
            let n: Int
            var cancellationID: EffectID? { "latest" }
            var cancelsInFlight: Bool { true }
        }
        let store = Store<AppState, AppIntent, Latest>(state: AppState()) { state, intent in
            guard intent == .increment else { return reducer(state: &state, intent: intent).map { _ in Latest(n: 0) } }
            state.value += 1
            return [Latest(n: state.value)]
        }
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                try await Task.sleep(for: .milliseconds(effect.n == 3 ? 1 : 10_000))
                await send(.setLabel("finished \(effect.n)"))
            })
        store.send(.increment)
        store.send(.increment)
        store.send(.increment)
        await eventually { store.state.label == "finished 3" }
        #expect(store.state.label == "finished 3")
        await eventually { store.runningEffectCount == 0 }
        #expect(store.runningEffectCount == 0)
    }

    @Test func finishedCancellableEffectsAreForgotten() async {
        struct Tagged: Effect {
            var cancellationID: EffectID? { "tagged" }
        }
        let store = Store<AppState, AppIntent, Tagged>(state: AppState()) { _, intent in
            intent == .increment ? [Tagged()] : []
        }
        store.add(effectHandler: ClosureEffectHandler { _, _ in })
        for _ in 0..<50 {
            store.send(.increment)
            await eventually { store.runningEffectCount == 0 }
        }
        #expect(store.trackedCancellableRunCount <= 1)
    }

    @Test func releasingTheStoreCancelsItsEffectsAndTheyCanSendNothing() async {
        let cancelled = Flag()
        let started = Flag()
        weak var weakStore: Store<AppState, AppIntent, AppEffect>?
        do {
            let store = Store(state: AppState(value: 4), reducer: reducer)
            store.add(
                effectHandler: ClosureEffectHandler { _, send in
                    await started.set()
                    do { try await Task.sleep(for: .seconds(30)) } catch { await cancelled.set() }
                    await send(.setLabel("after release"))
                })
            store.send(.increment)
            weakStore = store
            await eventually { started.isSet }
        }
        #expect(weakStore == nil)
        await eventually { cancelled.isSet }
        #expect(cancelled.isSet)
    }

    // MARK: Recording

    @Test func theIntentLogReplaysToTheSameState() async {
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler(player: Player()))
        store.isRecordingIntents = true
        for _ in 0..<5 { store.send(.increment) }
        store.send(.setLabel("done"))
        await eventually { store.state.soundsPlayed == 1 }
        #expect(store.intentLog.intents.contains(.soundPlayed))
        let replayed = store.intentLog.replay(onto: AppState(), reducer: reducer)
        #expect(replayed == store.state)
    }

    @Test func observationSeesStateChanges() async {
        let store = Store(state: AppState(), reducer: reducer)
        let changed = Flag()
        withObservationTracking {
            _ = store.state.value
        } onChange: {
            Task { @MainActor in changed.set() }
        }
        store.send(.increment)
        await eventually { changed.isSet }
        #expect(changed.isSet)
    }
}

/// A one-way flag that effects running on other tasks can set.
@MainActor
final class Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}
