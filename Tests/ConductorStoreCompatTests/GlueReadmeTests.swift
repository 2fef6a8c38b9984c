import ConductorStoreCompat
import Testing

// Glue's README, as close to verbatim as Swift allows (the article "Migrating from Glue" lists each difference):
// `switch intent` needs the concrete type (`intent as? AppIntent`), `guard effect = …` is a typo for a comparison,
// and the player is a stand-in for AVAudioPlayer. This target is in Swift 6 language mode;
// Tests/ConductorStoreCompatSwift5Tests holds the README in Swift 5 mode.

struct AppState {
    var value = 0
}

enum AppIntent: Intent {
    case increment
    case decrement
}

enum AppEffect: Effect {
    case playSound
}

func reducer(state: inout AppState, intent: Intent) -> [Effect] {
    switch intent as? AppIntent {
    case .increment?:
        state.value += 1
        if state.value % 5 == 0 {
            return [AppEffect.playSound]
        }
        return []
    case .decrement? where state.value > 0:
        state.value -= 1
        return []
    default:
        return []
    }
}

@MainActor
final class Player {
    var plays = 0
    func play() { plays += 1 }
}

// `@MainActor`, so that `makeStore()` may keep the handler after handing it to the store (Swift 6 checks that).
@MainActor
class SoundEffectHandler: EffectHandler {

    let player = Player()

    func handle(effect: Effect, dispatch: @escaping DispatchFunc) {
        guard case .playSound? = effect as? AppEffect else { return }
        player.play()
    }
}

@MainActor
func makeStore() -> (Store<AppState>, SoundEffectHandler) {
    let handler = SoundEffectHandler()
    let store = Store(state: AppState(), reducer: reducer)
    store.add(effectHandler: handler)
    return (store, handler)
}

@MainActor
struct GlueReadmeTests {
    @Test func theCounterPlaysASoundAtEveryMultipleOfFive() {
        let (store, handler) = makeStore()
        for _ in 0..<10 { store.dispatch(AppIntent.increment) }
        store.dispatch(AppIntent.decrement)
        #expect(store.state.value == 9)
        #expect(handler.player.plays == 2)
    }

    @Test func decrementStopsAtZero() {
        let (store, _) = makeStore()
        store.dispatch(AppIntent.decrement)
        #expect(store.state.value == 0)
    }

    @Test func aHandlerDispatchesIntentsBack() {
        final class Echo: EffectHandler {
            func handle(effect: Effect, dispatch: @escaping DispatchFunc) {
                if case .playSound? = effect as? AppEffect { dispatch(AppIntent.decrement) }
            }
        }
        let (store, _) = makeStore()
        store.add(effectHandler: Echo())
        for _ in 0..<5 { store.dispatch(AppIntent.increment) }
        #expect(store.state.value == 4)
    }

    @Test func subscribersHearTheStateAfterEveryIntent() {
        let (store, _) = makeStore()
        var seen: [Int] = []
        let token = store.subscribe { seen.append($0.value) }
        store.dispatch(AppIntent.increment)
        store.dispatch(AppIntent.increment)
        #expect(seen == [0, 1, 2])
        _ = token
    }

    @Test func theConductorStoreUnderneathOffersEverythingElse() {
        let (store, _) = makeStore()
        var values: [Int] = []
        let token = store.conductorStore.subscribe(\.value) { values.append($0) }
        store.dispatch(AppIntent.increment)
        #expect(values == [0, 1])
        _ = token
    }
}
