// swift-format-ignore-file
// (Documentation code, kept as the article "Migrating from Glue" shows it.)
import ConductorStoreCompat
import XCTest

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

/// Stands in for AVAudioPlayer.
final class Player {
    private(set) var plays = 0
    func play() { plays += 1 }
}

class SoundEffectHandler: EffectHandler {

    let player = Player()

    func handle(effect: Effect, dispatch: @escaping DispatchFunc) {
        guard case .playSound? = effect as? AppEffect else { return }
        player.play()
    }
}

final class GlueReadmeTests: XCTestCase {
    func testTheReadmesStoreCountsAndPlaysASoundAtEveryMultipleOfFive() {
        let handler = SoundEffectHandler()
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: handler)
        for _ in 0..<10 { store.dispatch(AppIntent.increment) }
        store.dispatch(AppIntent.decrement)
        XCTAssertEqual(store.state.value, 9)
        XCTAssertEqual(handler.player.plays, 2)
    }
}
