// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The scoping example of "Building with the Store" (StoreGuide.md): one store over several features' intents.
import ConductorStore
import Testing

private struct SettingsState: Equatable { var darkMode = false }
private enum SettingsIntent { case toggleDarkMode }
private enum SettingsEffect { case save(darkMode: Bool) }
private struct CounterState: Equatable { var count = 0 }
private enum CounterIntent { case increment }

private func settingsReducer(_ state: inout SettingsState, _ intent: SettingsIntent) -> [SettingsEffect] {
    state.darkMode.toggle()
    return [.save(darkMode: state.darkMode)]
}

private func counterReducer<Effect>(_ state: inout CounterState, _ intent: CounterIntent) -> [Effect] {
    state.count += 1
    return []
}

private struct AppState { var settings = SettingsState(); var counter = CounterState() }
private enum AppIntent { case settings(SettingsIntent), counter(CounterIntent) }
private enum AppEffect: Effect { case settings(SettingsEffect) }

private func appReducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .settings(let intent): settingsReducer(&state.settings, intent).map(AppEffect.settings)
    case .counter(let intent): counterReducer(&state.counter, intent)
    }
}

@MainActor
struct StoreScopingDocsTests {
    @Test func eachFeatureSendsItsOwnIntentsToTheOneStore() {
        let store = Store(state: AppState(), reducer: appReducer)
        let settings = store.scope(state: \.settings, intent: AppIntent.settings)
        settings.send(.toggleDarkMode)                      // the settings feature sees only its part
        store.send(.counter(.increment))
        #expect(settings.state.darkMode)
        #expect(store.state.counter.count == 1)
    }
}
