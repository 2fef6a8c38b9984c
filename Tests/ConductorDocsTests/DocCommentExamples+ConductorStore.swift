// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorStore's doc comments, compiled, and run where it can run. Each example has a namespace
// (or a function) of its own, with what it needs declared around it, so that two examples may each declare an
// `AppState`.
import ConductorStore
import Logging
import Testing

// MARK: Store

/// Store.swift: the counter that plays a sound at five.
private enum StoreExample {
    @MainActor static func run() -> (value: Int, printed: [Int]) {
        var printed: [Int] = []
        func print(_ label: String, _ value: Int) { printed.append(value) }
        struct SoundEffectHandler: EffectHandler {
            func handle(effect: AppEffect, send: Send<AppIntent>) async throws {}
        }

        struct AppState { var value = 0 }
        enum AppIntent: Intent { case increment, decrement }
        enum AppEffect: Effect { case playSound }

        func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
            switch intent {
            case .increment:
                state.value += 1
                return state.value % 5 == 0 ? [.playSound] : []
            case .decrement where state.value > 0:
                state.value -= 1
                return []
            default:
                return []
            }
        }

        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler())
        let token = store.subscribe(\.value) { print("value:", $0) }
        store.send(.increment)

        token.cancel()
        return (store.state.value, printed)
    }
}

/// Store.swift (`sendAndWait`): an intent's own answer.
private enum SendAndWaitExample {
    struct Item: Equatable, Sendable { let title: String }
    enum AppIntent: Intent, Equatable {
        case save(title: String)
        case saved(Item)
    }
    enum AppEffect: Effect { case save(String) }

    struct Database: EffectHandler {
        func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
            guard case .save(let title) = effect else { return }
            await send(.saved(Item(title: title)))
        }
    }

    @MainActor static func run() async -> [Item] {
        var shown: [Item] = []
        func show(_ item: Item) { shown.append(item) }
        let store = Store(state: [Item](), reducer: { (items: inout [Item], intent: AppIntent) -> [AppEffect] in
            switch intent {
            case .save(let title): return [.save(title)]
            case .saved(let item):
                items.append(item)
                return []
            }
        })
        store.add(effectHandler: Database())

        let answer = await store.sendAndWait(.save(title: "Milk"))
        for case .saved(let item) in answer { show(item) }           // this call's item, whatever else ran meanwhile

        return shown
    }
}

// MARK: Intents and reducers

/// Intent.swift, SubscriptionToken.swift and Store+AsyncSequence.swift: the counter of the
/// protocol pages.
private enum CounterExample {
    struct Counter: Sendable { var count = 0 }
    enum CounterEffect: Effect {}

    enum CounterIntent: Intent {
        case increment
        case decrement
    }

    final class Label { var text = "" }

    @MainActor static func makeStore() -> Store<Counter, CounterIntent, CounterEffect> {
        let counterReducer: Reducer<Counter, CounterIntent, CounterEffect> = { state, intent in
            state.count += 1
            return []
        }
        let store = Store(state: Counter(), reducer: counterReducer)
        return store
    }

    /// The label's text after one increment with the token held, and after another once it is cancelled.
    @MainActor static func labelTexts() -> [String] {
        let store = makeStore()
        let label = Label()
        var texts: [String] = []

        let token = store.subscribe(\.count) { count in label.text = "\(count)" }
        // … later
        token.cancel()   // or just release the token

        texts.append(label.text)
        store.send(.increment)
        texts.append(label.text)
        return texts
    }

    @MainActor static func printCounts(of store: Store<Counter, CounterIntent, CounterEffect>) async {
        for await count in store.values(of: \.count) { print(count) }
    }
}

/// Store+TimeTravel.swift: how a debugger shows the state after any past intent.
private enum TimeTravelExample {
    @MainActor static func stateAfterTheThirdIntent() -> Int {
        let initialState = 0
        let store = Store(state: initialState, reducer: { (count: inout Int, _: Bool) -> [Never] in
            count += 1
            return []
        })
        store.isRecordingIntents = true
        for _ in 0..<5 { store.send(true) }
        let log = store.intentLog

        let third = IntentLog(Array(log.intents.prefix(3))).replay(onto: initialState, reducer: store.reducer)
        store.restore(third)

        return store.state
    }
}

// MARK: Effects

/// Effect.swift and Store+Effects.swift: a search feature's effects in the app's.
private enum SearchExample {
    struct Item: Sendable {}
    enum SearchIntent: Sendable { case found([String]) }
    enum AppIntent: Intent { case search(SearchIntent) }

    enum SearchEffect: Effect {
        case search(String)
        case stopSearching

        var cancellationID: EffectID? { if case .search = self { "search" } else { nil } }
        var cancelsInFlight: Bool { true }          // a new search replaces the running one
        var cancels: [EffectID] { if case .stopSearching = self { ["search"] } else { [] } }
    }

    enum AppEffect: Effect {
        case search(SearchEffect)
        case save(Item)

        var wrappedEffect: (any Effect)? { if case .search(let effect) = self { effect } else { nil } }
    }

    struct SearchEffectHandler: EffectHandler {
        func handle(effect: SearchEffect, send: Send<SearchIntent>) async throws {
            if case .search(let text) = effect { await send(.found([text])) }
        }
    }

    @MainActor static func results(for text: String) async -> [String] {
        let store = Store(state: [String](), reducer: { (results: inout [String], intent: AppIntent) -> [AppEffect] in
            switch intent {
            case .search(.found(let found)): results = found
            }
            return results.isEmpty ? [.search(.search(text))] : []
        })
        store.add(
            effectHandler: SearchEffectHandler().scoped(
                effect: { if case .search(let effect) = $0 { effect } else { nil } },
                intent: AppIntent.search))
        store.send(.search(.found([])))
        await store.waitForEffects()
        return store.state
    }
}

/// EffectHandler.swift: a handler that plays a sound and says so.
private actor Player {
    private(set) var plays = 0
    func play() { plays += 1 }
}
private let player = Player()

private enum EffectHandlerExample {
    enum AppIntent: Intent { case increment, soundPlayed }
    enum AppEffect: Effect { case playSound }

    @MainActor static func soundsPlayed() async -> Int {
        let store = Store(state: 0, reducer: { (sounds: inout Int, intent: AppIntent) -> [AppEffect] in
            if case .soundPlayed = intent { sounds += 1 }
            return intent == .increment ? [.playSound] : []
        })

        struct SoundEffectHandler: EffectHandler {
            func handles(_ effect: AppEffect) -> Bool { effect == .playSound }
            func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
                await player.play()
                await send(.soundPlayed)
            }
        }
        store.add(effectHandler: SoundEffectHandler())

        store.send(.increment)
        await store.waitForEffects()
        return store.state
    }
}

/// MainActorEffectHandler.swift: a handler run on the main actor as its effect is returned.
private enum MainActorEffectHandlerExample {
    enum AppIntent: Intent { case increment, soundPlayed }
    enum AppEffect: Effect { case playSound }

    @MainActor final class Player {
        var plays = 0
        func play() throws { plays += 1 }
    }

    @MainActor static func soundsPlayed() -> Int {
        let store = Store(state: 0, reducer: { (count: inout Int, intent: AppIntent) -> [AppEffect] in
            if case .increment = intent { return [.playSound] }
            count += 1
            return []
        })
        let player = Player()

        struct SoundEffects: MainActorEffectHandler {
            let player: Player
            func handle(effect: AppEffect, send: @escaping @MainActor (AppIntent) -> Void) throws {
                guard effect == .playSound else { return }
                try player.play()
                send(.soundPlayed)
            }
        }
        store.add(effectHandler: SoundEffects(player: player))

        store.send(.increment)
        return player.plays + store.state
    }
}

/// Store+Effects.swift (`waitForEffects`): a save and what it caused.
private enum WaitForEffectsExample {
    struct Document: Sendable { let text: String }
    enum AppIntent: Intent {
        case save(Document)
        case saved
    }
    enum AppEffect: Effect { case write(Document) }

    struct Writer: EffectHandler {
        func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
            try await Task.sleep(for: .milliseconds(10))
            await send(.saved)
        }
    }

    @MainActor static func savesAfterWaiting() async -> Int {
        let document = Document(text: "Milk")
        let store = Store(state: 0, reducer: { (saves: inout Int, intent: AppIntent) -> [AppEffect] in
            switch intent {
            case .save(let document): return [.write(document)]
            case .saved:
                saves += 1
                return []
            }
        })
        store.add(effectHandler: Writer())

        store.send(.save(document))
        await store.waitForEffects()          // the save effect and whatever it caused have finished

        return store.state
    }
}

// MARK: Middleware, recording and scoping

/// StoreMiddleware.swift: a middleware that drops refreshes while loading.
private enum MiddlewareExample {
    struct AppState { var isLoading = true; var refreshes = 0 }
    enum AppIntent: Intent { case refresh }

    @MainActor static func refreshesWhileLoading() -> Int {
        let store = Store(state: AppState(), reducer: { (state: inout AppState, _: AppIntent) -> [Never] in
            state.refreshes += 1
            return []
        })
        struct IgnoreWhileLoading: StoreMiddleware {
            func intercept(_ intent: AppIntent, state: () -> AppState, next: (AppIntent) -> Void) {
                if state().isLoading, case .refresh = intent { return }
                next(intent)
            }
        }
        store.middlewares.append(IgnoreWhileLoading())
        store.middlewares.append(LoggingStoreMiddleware(logger: Logger(label: "app.store")))
        store.send(.refresh)
        return store.state.refreshes
    }
}

/// IntentRecorder.swift and IntentLog.swift: a recorded session replayed in a test.
private enum RecordingExample {
    struct AppState: Equatable { var items: [String] = [] }
    enum AppIntent: Intent, Codable { case addItem(String) }

    static func reducer(state: inout AppState, intent: AppIntent) -> [Never] {
        if case .addItem(let title) = intent { state.items.append(title) }
        return []
    }

    @MainActor static func recordAndReplay() throws {
        let store = Store(state: AppState(), reducer: reducer)
        let reportedState = store.state   // nothing is sent between the two halves of the example

        let recorder = IntentRecorder<AppState, AppIntent>()
        store.middlewares.append(recorder)
        // … later, in a test:
        let log = try IntentLog<AppIntent>(recording: recorder.log.recording)
        #expect(log.replay(onto: AppState(), reducer: reducer) == reportedState)

        store.send(.addItem("Milk"))
        let replayed = try IntentLog<AppIntent>(recording: recorder.log.recording)
        #expect(replayed.replay(onto: AppState(), reducer: reducer) == store.state)
        #expect(store.state.items == ["Milk"])
    }

    static func replay(_ log: IntentLog<AppIntent>, reportedState: AppState) {
        let reproduced = log.replay(onto: AppState(), reducer: reducer)
        #expect(reproduced == reportedState)
    }
}

/// ScopedStore.swift: a settings screen's part of the app store.
private enum ScopedStoreExample {
    struct SettingsState { var darkMode = false }
    enum SettingsIntent: Sendable { case toggleDarkMode }

    @MainActor static func darkModeAfterToggling() -> (appStore: Bool, printed: [Bool]) {
        var printed: [Bool] = []
        func print(_ value: Bool) { printed.append(value) }
        let store = Store(state: AppState(), reducer: { (state: inout AppState, intent: AppIntent) -> [Never] in
            switch intent {
            case .settings(.toggleDarkMode): state.settings.darkMode.toggle()
            }
            return []
        })

        struct AppState { var settings = SettingsState() }
        enum AppIntent: Intent { case settings(SettingsIntent) }

        let settings = store.scope(state: \.settings, intent: AppIntent.settings)
        settings.send(.toggleDarkMode)             // reaches the app store as .settings(.toggleDarkMode)
        let token = settings.subscribe(\.darkMode) { print($0) }

        token.cancel()
        return (store.state.settings.darkMode, printed)
    }
}

/// Store+AsyncSequence.swift: iterating the state, and a view model of it.
private enum AsyncSequenceExample {
    struct AppState: Sendable { var titles: [String] = []; var canUndo = false }
    enum AppIntent: Intent { case add(String) }

    static func render<Model>(_ model: Model) {}

    @MainActor static func renderStates(of store: Store<AppState, AppIntent, Never>) async {
        for await state in store.states() { render(state) }
    }

    @MainActor static func renderViewModels(of store: Store<AppState, AppIntent, Never>) async {
        struct ItemsViewModel: Equatable, Sendable { let titles: [String]; let canUndo: Bool }
        for await model in store.values(selector: { ItemsViewModel(titles: $0.titles, canUndo: $0.canUndo) }) {
            render(model)
        }
    }
}

@MainActor
@Suite struct ConductorStoreDocCommentTests {
    @Test func theStoreTypesCounterCountsOneIncrementAndTellsItsSubscriber() {
        let (value, printed) = StoreExample.run()
        #expect(value == 1)
        #expect(printed == [0, 1])
    }

    @Test func sendAndWaitReturnsTheItemThisCallSaved() async {
        #expect(await SendAndWaitExample.run() == [SendAndWaitExample.Item(title: "Milk")])
    }

    @Test func aCancelledTokenStopsUpdatingTheLabel() {
        #expect(CounterExample.labelTexts() == ["0", "0"])
    }

    @Test func restoringTheReplayOfThreeIntentsShowsTheStateAfterTheThird() {
        #expect(TimeTravelExample.stateAfterTheThirdIntent() == 3)
    }

    @Test func aSearchEffectNamesItsCancellationAndTheFeatureHandlerAnswersIt() async {
        let search = SearchExample.AppEffect.search(.search("milk"))
        #expect(search.cancellationID == "search")
        #expect(search.cancelsInFlight)
        #expect(SearchExample.AppEffect.search(.stopSearching).cancels == ["search"])
        #expect(SearchExample.AppEffect.save(SearchExample.Item()).cancellationID == nil)
        #expect(await SearchExample.results(for: "milk") == ["milk"])
    }

    @Test func theSoundEffectHandlerPlaysAndSaysSo() async {
        #expect(await EffectHandlerExample.soundsPlayed() == 1)
        #expect(await player.plays == 1)
    }

    @Test func theCallbackHandlerPlaysTheSound() {
        #expect(MainActorEffectHandlerExample.soundsPlayed() == 2)  // played, and the intent it sent back processed
    }

    @Test func waitingForEffectsWaitsForTheSaveAndWhatItCaused() async {
        #expect(await WaitForEffectsExample.savesAfterWaiting() == 1)
    }

    @Test func aRefreshWhileLoadingIsDropped() {
        #expect(MiddlewareExample.refreshesWhileLoading() == 0)
    }

    @Test func aRecordedSessionReplaysToTheReportedState() throws {
        try RecordingExample.recordAndReplay()
        RecordingExample.replay(IntentLog([.addItem("Milk")]), reportedState: .init(items: ["Milk"]))
    }

    @Test func aScopedSendReachesTheAppStore() {
        let (darkMode, printed) = ScopedStoreExample.darkModeAfterToggling()
        #expect(darkMode)
        #expect(printed == [true])
    }
}
