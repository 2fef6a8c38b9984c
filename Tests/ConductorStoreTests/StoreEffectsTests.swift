import ConductorStore
import Testing

/// A feature's state, intents, effects and handler, written without knowing the app that embeds them.
enum SearchIntent: Equatable, Sendable {
    case search(String)
    case found([String])
}

enum SearchEffect: Effect, Equatable {
    case run(String)
    case stop

    var cancellationID: EffectID? { if case .run = self { "search" } else { nil } }
    var cancelsInFlight: Bool { true }
    var cancels: [EffectID] { if case .stop = self { ["search"] } else { [] } }
}

/// Runs a search until it is cancelled or `release` lets it finish; answers with one result.
struct SearchHandler: EffectHandler {
    let gate: AsyncStream<Void>
    func handles(_ effect: SearchEffect) -> Bool { if case .run = effect { true } else { false } }
    func handle(effect: SearchEffect, send: Send<SearchIntent>) async throws {
        guard case .run(let query) = effect else { return }
        for await _ in gate { break }
        try Task.checkCancellation()
        await send(.found([query.uppercased()]))
    }
}

/// The app that embeds the feature.
struct ShopState: Equatable {
    var results: [String] = []
    var saved = 0
}

enum ShopIntent: Equatable, Sendable {
    case search(SearchIntent)
    case stopSearching
    case save
}

enum ShopEffect: Effect, Equatable {
    case search(SearchEffect)
    case write

    var wrappedEffect: (any Effect)? { if case .search(let effect) = self { effect } else { nil } }
}

@MainActor
func shopReducer(_ state: inout ShopState, _ intent: ShopIntent) -> [ShopEffect] {
    switch intent {
    case .search(.search(let query)): return [.search(.run(query))]
    case .search(.found(let results)):
        state.results = results
        return []
    case .stopSearching: return [.search(.stop)]
    case .save:
        state.saved += 1
        return [.write]
    }
}

@MainActor
struct StoreEffectsTests {
    let gate: AsyncStream<Void>
    let release: AsyncStream<Void>.Continuation

    init() { (gate, release) = AsyncStream<Void>.makeStream() }

    func makeStore() -> Store<ShopState, ShopIntent, ShopEffect> {
        let store = Store(state: ShopState(), reducer: shopReducer)
        store.add(
            effectHandler: SearchHandler(gate: gate).scoped(
                effect: { if case .search(let effect) = $0 { effect } else { nil } },
                intent: ShopIntent.search))
        return store
    }

    @Test func aFeaturesHandlerRunsOnTheAppStoreAndItsIntentsComeBackMapped() async {
        let store = makeStore()
        store.send(.search(.search("milk")))
        release.yield()
        await store.waitForEffects()
        #expect(store.state.results == ["MILK"])
    }

    @Test func aWrappedEffectKeepsItsCancellationID() async {
        let store = makeStore()
        store.send(.search(.search("milk")))
        #expect(store.runningEffectCount == 1)
        #expect(store.cancelEffects(id: "search") == 1)
        await store.waitForEffects()
        #expect(store.state.results == [])
    }

    @Test func aWrappedEffectKeepsCancelsInFlightAndCancels() async {
        let store = makeStore()
        store.send(.search(.search("a")))
        store.send(.search(.search("b")))  // cancels the search for "a"
        #expect(store.trackedCancellableRunCount == 1)
        store.send(.stopSearching)  // cancels the search for "b"
        #expect(store.trackedCancellableRunCount == 0)
        release.yield()
        await store.waitForEffects()
        #expect(store.state.results == [])
    }

    @Test func noTaskStartsForAnEffectNoHandlerTakes() async {
        let store = makeStore()
        store.send(.save)  // `.write` is not the search feature's
        store.send(.stopSearching)  // the feature's, but its handler does not handle `.stop`
        #expect(store.runningEffectCount == 0)
        #expect(store.state.saved == 1)
    }

    @Test func aHandlerThatDeclinesAnEffectIsNotRun() async {
        struct Declining: EffectHandler {
            func handles(_ effect: ShopEffect) -> Bool { effect == .write }
            func handle(effect: ShopEffect, send: Send<ShopIntent>) async throws {
                await send(.search(.found(["written"])))
            }
        }
        let store = Store(state: ShopState(), reducer: shopReducer)
        store.add(effectHandler: Declining())
        store.send(.search(.search("x")))
        #expect(store.runningEffectCount == 0)
        store.send(.save)
        #expect(store.runningEffectCount == 1)
        await store.waitForEffects()
        #expect(store.state.results == ["written"])
    }

    @Test func anEffectsAnswerIsProcessedAsAnAnswerAndASendIsNot() async {
        let store = Store(state: AppState(), reducer: reducer)
        store.add(
            effectHandler: ClosureEffectHandler { (_: AppEffect, send: Send<AppIntent>) in
                await send(.soundPlayed)
                await send(.setLabel("played"))
            })
        let seen = AnswerLog(store: store)
        store.middlewares.append(seen)
        for _ in 0..<5 { store.send(.increment) }
        await store.waitForEffects()
        #expect(seen.answers == [false, false, false, false, false, true, true])
        #expect(!store.isProcessingAnswer)
    }
}

/// Notes, for each intent, whether its store processes it as an effect's answer.
@MainActor
final class AnswerLog: StoreMiddleware {
    weak var store: Store<AppState, AppIntent, AppEffect>?
    var answers: [Bool] = []
    init(store: Store<AppState, AppIntent, AppEffect>) { self.store = store }
    func intercept(_ intent: AppIntent, state: () -> AppState, next: (AppIntent) -> Void) {
        answers.append(store?.isProcessingAnswer ?? false)
        next(intent)
    }
}
