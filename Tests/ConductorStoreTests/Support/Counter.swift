import ConductorStore

// Glue's README example with its types renamed (Intent → AppIntent, Effect → AppEffect): a counter that plays a
// sound at every multiple of 5.
struct AppState: Equatable, Sendable {
    var value = 0
    var soundsPlayed = 0
    var label = ""
}

enum AppIntent: Intent, Equatable, Codable {
    case increment
    case decrement
    case soundPlayed
    case setLabel(String)
}

enum AppEffect: Effect, Equatable {
    case playSound
}

func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .increment:
        state.value += 1
        if state.value % 5 == 0 {
            return [AppEffect.playSound]
        }
        return []
    case .decrement where state.value > 0:
        state.value -= 1
        return []
    case .soundPlayed:
        state.soundsPlayed += 1
        return []
    case .setLabel(let label):
        state.label = label
        return []
    default:
        return []
    }
}

/// Plays the sound (here: counts it) and reports back.
struct SoundEffectHandler: EffectHandler {
    let player: Player

    func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
        guard effect == AppEffect.playSound else { return }
        await player.play()
        await send(.soundPlayed)
    }
}

actor Player {
    private(set) var plays = 0
    func play() { plays += 1 }
}

struct Boom: Error, Equatable {}

/// Waits, yielding, until `condition` holds or a second passes.
@MainActor
func eventually(_ condition: () -> Bool) async {
    // Generous: a loaded two-core machine (the whole suite in parallel, a build beside it) has taken over two
    // seconds to run an effect's task; a condition that holds returns at once.
    let deadline = ContinuousClock.now + .seconds(20)
    while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
}
