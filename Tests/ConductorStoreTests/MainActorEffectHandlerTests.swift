import ConductorStore
import Testing

// Glue's README effect handler, with its types renamed (EffectHandler → MainActorEffectHandler, Effect → AppEffect,
// DispatchFunc → a main-actor function of AppIntent) and its `guard effect = …` typo read as `==`.
private class GlueSoundEffectHandler: MainActorEffectHandler {
    private let player: GluePlayer = GluePlayer()

    func handle(effect: AppEffect, send dispatch: @escaping @MainActor (AppIntent) -> Void) {
        guard effect == AppEffect.playSound else { return }
        player.play()
        dispatch(.soundPlayed)
    }
}

@MainActor
private final class GluePlayer {
    private(set) var plays = 0
    func play() { plays += 1 }
}

@MainActor
struct MainActorEffectHandlerTests {
    @Test func aCallbackHandlerInGluesShapeIsCalledOnTheMainActorAndDispatchesBack() {
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: GlueSoundEffectHandler())
        for _ in 0..<5 { store.send(.increment) }
        #expect(store.state.value == 5)
        #expect(store.state.soundsPlayed == 1)
    }

    @Test func aMainActorHandlersErrorGoesToOnEffectErrorByNameAndTheStoreKeepsWorking() {
        struct Refusing: MainActorEffectHandler {
            struct Refused: Error {}
            var name: String { "Refusing" }
            func handle(effect: AppEffect, send: @escaping @MainActor (AppIntent) -> Void) throws { throw Refused() }
        }
        let store = Store(state: AppState(), reducer: reducer)
        var failures: [String] = []
        store.onEffectError = { failures.append("\($0.handler): \($0.error)") }
        store.add(effectHandler: Refusing())
        for _ in 0..<5 { store.send(.increment) }
        #expect(failures == ["Refusing: Refused()"])
        #expect(store.state.value == 5)
    }
}
