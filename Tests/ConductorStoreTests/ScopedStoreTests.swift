import ConductorStore
import Testing

private struct Settings: Equatable {
    var darkMode = false
    var name = ""
}

private struct Root: Equatable {
    var settings = Settings()
    var counter = 0
}

private enum SettingsIntent: Equatable {
    case toggleDarkMode
    case rename(String)
}

private enum RootIntent: Equatable {
    case settings(SettingsIntent)
    case increment
}

private func rootReducer(_ state: inout Root, _ intent: RootIntent) -> [Never] {
    switch intent {
    case .settings(.toggleDarkMode): state.settings.darkMode.toggle()
    case .settings(.rename(let name)): state.settings.name = name
    case .increment: state.counter += 1
    }
    return []
}

/// Middleware that keeps the intents it sees.
@MainActor
private final class SeenIntents<State, IntentType>: StoreMiddleware {
    private(set) var intents: [IntentType] = []

    func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        intents.append(intent)
        next(intent)
    }
}

@MainActor
struct ScopedStoreTests {
    @Test func aScopedStoreReadsPartOfTheStateAndMapsItsIntents() {
        let store = Store(state: Root(), reducer: rootReducer)
        let settings = store.scope(state: \.settings, intent: RootIntent.settings)
        settings.send(.toggleDarkMode)
        #expect(settings.state.darkMode)
        #expect(store.state.settings.darkMode)
    }

    @Test func scopedSubscriptionsFireOnlyForTheirPart() {
        let store = Store(state: Root(), reducer: rootReducer)
        let settings = store.scope(state: \.settings, intent: RootIntent.settings)
        var modes: [Bool] = []
        var names: [String] = []
        var wholes = 0
        let tokens = [
            settings.subscribe(\.darkMode) { modes.append($0) },
            settings.subscribe(selector: { $0.name }) { names.append($0) },
            settings.subscribe(selector: { _ in () }) { wholes += 1 },
        ]
        store.send(.increment)
        settings.send(.toggleDarkMode)
        settings.send(.rename("Ada"))
        #expect(modes == [false, true])
        #expect(names == ["", "Ada"])
        #expect(wholes == 3)  // when subscribed, then after each intent that changed the part: not the root's own
        _ = tokens
    }

    @Test func aScopedStoresSubscriptionsAreItsOwnAndHearWhatTheRootsHear() {
        let store = Store(state: Root(), reducer: rootReducer)
        let settings = store.scope(state: \.settings, intent: RootIntent.settings)
        var fromRoot: [Bool] = []
        var fromScope: [Bool] = []
        let tokens = [
            store.subscribe(\.settings.darkMode) { fromRoot.append($0) },
            settings.subscribe(\.darkMode) { fromScope.append($0) },
        ]
        settings.send(.toggleDarkMode)
        #expect(fromRoot == fromScope)
        #expect(store.subscriptionCount == 1)
        #expect(settings.subscriptionCount == 1)
        _ = tokens
    }

    @Test func scopesNest() {
        let store = Store(state: Root(), reducer: rootReducer)
        let name = store.scope(state: \.settings, intent: RootIntent.settings)
            .scope(state: \.name) { (newName: String) in SettingsIntent.rename(newName) }
        name.send("Grace")
        #expect(name.state == "Grace")
        #expect(store.state.settings.name == "Grace")
    }

    /// A scoped store's intents are its root's: middleware and recording belong there, and setting them on the scope
    /// is a mistake reported at once, never a middleware that silently never runs.
    @Test func middlewareOrRecordingSetOnAScopedStoreIsReportedAndNotKept() {
        let store = Store(state: Root(), reducer: rootReducer)
        let settings = store.scope(state: \.settings, intent: RootIntent.settings)
        let recorder = SeenIntents<Settings, SettingsIntent>()
        withKnownIssue {
            settings.middlewares.append(recorder)
        }
        withKnownIssue {
            settings.isRecordingIntents = true
        }
        #expect(settings.middlewares.isEmpty)
        #expect(!settings.isRecordingIntents)
        settings.send(.toggleDarkMode)
        #expect(recorder.intents.isEmpty)
        #expect(store.state.settings.darkMode)
    }

    @Test func aRootStoreKeepsItsMiddlewareAndRecordingWithoutAReport() {
        let store = Store(state: Root(), reducer: rootReducer)
        let recorder = SeenIntents<Root, RootIntent>()
        store.middlewares.append(recorder)
        store.isRecordingIntents = true
        store.send(.increment)
        #expect(recorder.intents == [.increment])
        #expect(store.intentLog.intents == [.increment])
    }
}
