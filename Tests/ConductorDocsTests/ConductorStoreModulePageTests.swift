// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of ConductorStore's module page, compiled and run.
import ConductorStore
import Testing

private struct AppState { var value = 0 }
private enum AppIntent: Intent { case increment, decrement }
private enum AppEffect: Effect { case playSound }

private func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
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

@MainActor
private func makeStore() -> Store<AppState, AppIntent, AppEffect> {
    let store = Store(state: AppState(), reducer: reducer)
    store.add(effectHandler: ClosureEffectHandler { effect, send in print("play", effect) })
    return store
}

@MainActor
struct ConductorStoreModulePageTests {
    @Test func theCounterStopsAtZero() {
        let store = makeStore()
        store.send(.decrement)
        store.send(.increment)
        #expect(store.state.value == 1)
    }
}
