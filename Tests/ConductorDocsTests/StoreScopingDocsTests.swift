// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The scoping example of "Building with the Store" (StoreGuide.md): one store over several features' intents.
import ConductorStore
import Testing

private struct SettingsState: Equatable { var darkMode = false }
private enum SettingsIntent { case toggleDarkMode }
private enum SettingsEffect: Effect {
    case save(darkMode: Bool)
    var cancellationID: EffectID? { "sync" }
}
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

/// The settings feature's own handler: it saves until cancelled.
private struct SettingsEffectHandler: EffectHandler {
    func handle(effect: SettingsEffect, send: Send<SettingsIntent>) async throws {
        try await Task.sleep(for: .seconds(60))
    }
}

private struct AppState { var settings = SettingsState(); var counter = CounterState() }
private enum AppIntent { case settings(SettingsIntent), counter(CounterIntent) }
private enum AppEffect: Effect {
    case settings(SettingsEffect)
    // The feature's cancellation (its id, cancelsInFlight, cancels) holds inside the app's effect.
    var wrappedEffect: (any Effect)? { if case .settings(let effect) = self { effect } else { nil } }
}

private func appReducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .settings(let intent): settingsReducer(&state.settings, intent).map(AppEffect.settings)
    case .counter(let intent): counterReducer(&state.counter, intent)
    }
}

@MainActor
struct StoreScopingDocsTests {
    @Test func eachFeatureSendsItsOwnIntentsToTheOneStore() async {
        let store = Store(state: AppState(), reducer: appReducer)
        // The feature's own handler, written for SettingsEffect and SettingsIntent, runs on the app's store:
        store.add(
            effectHandler: SettingsEffectHandler().scoped(
                effect: { if case .settings(let effect) = $0 { effect } else { nil } },
                intent: AppIntent.settings))
        let settings = store.scope(state: \.settings, intent: AppIntent.settings)
        settings.send(.toggleDarkMode)                      // the settings feature sees only its part
        settings.cancelEffects(id: "sync")                  // the feature's id, as SettingsEffect declares it
        store.send(.counter(.increment))
        #expect(settings.state.darkMode)
        #expect(store.state.counter.count == 1)
        #expect(await store.waitForEffects(timeout: .seconds(120)))
    }
}
