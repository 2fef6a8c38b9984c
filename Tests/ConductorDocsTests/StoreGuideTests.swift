// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of the article "Building with the Store" (StoreGuide.md) and of ConductorTesting's module page,
// compiled and run.
import ConductorActions
import ConductorStore
import ConductorTesting
import Testing

private struct AppState: Equatable {
    var value = 0
    var soundsPlayed = 0
}

private enum AppIntent: Intent, Equatable {
    case increment
    case soundPlayed
}

private enum AppEffect: Effect, Equatable {
    case playSound
}

private func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .increment:
        state.value += 1
        return state.value % 5 == 0 ? [.playSound] : []
    case .soundPlayed:
        state.soundsPlayed += 1
        return []
    }
}

private struct SoundEffectHandler: EffectHandler {
    func handles(_ effect: AppEffect) -> Bool { effect == .playSound }
    func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
        try await Task.sleep(for: .milliseconds(100))   // play the sound
        await send(.soundPlayed)
    }
}

private struct CounterViewModel: Equatable, Sendable {
    let title: String
    let canDecrement: Bool
    init(_ state: AppState) {
        title = "Count: \(state.value)"
        canDecrement = state.value > 0
    }
}

private struct ShowProfile: Action { let id: Int }

@Test @MainActor func playsASoundAtFive() async {
    let store = TestStore(initialState: AppState(value: 4), reducer: reducer)
    store.add(effectHandler: SoundEffectHandler())
    await store.send(.increment) { $0.value = 5 }
    await store.receive(.soundPlayed) { $0.soundsPlayed = 1 }
    await store.finish()
}

@Test @MainActor func incrementingToFivePlaysASound() async {
    let store = TestStore(initialState: AppState(value: 4), reducer: reducer)
    store.add(effectHandler: SoundEffectHandler())

    await store.send(.increment) { $0.value = 5 }
    await store.receive(.soundPlayed) { $0.soundsPlayed = 1 }
    await store.finish()
}

@MainActor
struct StoreGuideTests {
    @Test func theCounterPlaysASoundAndViewModelsFollowIt() async throws {
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler())

        let token = store.subscribe(\.value) { value in print("value", value) }

        let viewModelToken = store.subscribe(selector: CounterViewModel.init) { model in print(model.title) }
        let viewModels = store.values(selector: CounterViewModel.init)   // for await model in viewModels { … }

        for _ in 0..<5 { store.send(.increment) }
        await store.waitForEffects()
        #expect(store.state == AppState(value: 5, soundsPlayed: 1))
        var iterator = viewModels.makeAsyncIterator()
        #expect(await iterator.next()?.title == "Count: 0")
        _ = (token, viewModelToken)
    }

    @Test func anActionSpyRemembersWhatWasSent() throws {
        let router = ActionRouter(name: "spy")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in }
        let spy = ActionSpy()
        dispatcher.middlewares.append(spy)
        try ShowProfile(id: 3).send(to: router)
        #expect(spy.actions(of: ShowProfile.self).map(\.id) == [3])
    }
}
