// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorStoreCompat's doc comments (Glue's names), compiled and run. Like a migrating user's
// file, this one imports only the compatibility module.
import ConductorStoreCompat
import Testing

private struct AppState: Sendable {
    var value = 0
    var items: [String] = []
}

private enum AppIntent: Intent {
    case increment
    case decrement
}

private enum AppEffect: Effect {
    case playSound
}

private func reducer(state: inout AppState, intent: Intent) -> [Effect] {
    guard case .increment? = intent as? AppIntent else { return [] }
    state.value += 1
    state.items.append("item \(state.value)")
    return state.value % 5 == 0 ? [AppEffect.playSound] : []
}

@MainActor private final class Player {
    var plays = 0
    func play() { plays += 1 }
}
@MainActor private let player = Player()

private class SoundEffectHandler: EffectHandler {
    func handle(effect: Effect, dispatch: @escaping DispatchFunc) {
        guard effect as? AppEffect == .playSound else { return }
        player.play()
    }
}

/// Store+ViewModelEmitter.swift: a label that shows a count.
@MainActor private final class CountLabel: Renderer {
    var text = ""
    func render(viewModel: Int) { text = "\(viewModel)" }
}

@MainActor
@Suite(.serialized) struct ConductorStoreCompatDocCommentTests {
    @Test func theGlueStorePlaysASoundAtFive() {
        let plays = player.plays

        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler())
        store.dispatch(AppIntent.increment)

        for _ in 0..<4 { store.dispatch(AppIntent.increment) }
        #expect(store.state.value == 5)
        #expect(player.plays == plays + 1)
    }

    @Test func aViewModelEmitterRendersTheCountOnItsRenderer() {
        let store = Store(state: AppState(), reducer: reducer)
        let countLabel = CountLabel()

        let emitter = store.viewModelEmitter { state in state.items.count }
        emitter.register(renderer: countLabel)

        store.dispatch(AppIntent.increment)
        #expect(countLabel.text == "1")
    }
}
