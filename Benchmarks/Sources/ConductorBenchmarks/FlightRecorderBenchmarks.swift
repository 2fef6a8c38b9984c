import Conductor

/// A store whose state and intents are `Codable`, as a flight recorder records them.
struct RecordedState: Codable, Equatable {
    var count = 0
}

enum RecordedIntent: Codable, Sendable {
    case increment
}

func recordedReducer(_ state: inout RecordedState, _ intent: RecordedIntent) -> [Never] {
    state.count &+= 1
    return []
}

typealias RecordedStore = Store<RecordedState, RecordedIntent, Never>

/// A store send with a flight recorder attached — in its steady state: the ring full, its oldest steps leaving as new
/// ones come — and with one detached, each against the same send with none (`store-send-codable`, their floor).
@MainActor
func flightRecorderBenchmarks() -> [Benchmark] {
    // Enough sends for the ring's oldest steps to leave many times over (a step holds about a thousand of these
    // intents): each intent's share of a step leaving is measured, whatever phase of the ring the run starts in.
    let operations = Scale.operations * 2
    func sends(id: String, name: String, target: String, recorder: RecorderUse) -> Benchmark {
        Benchmark(id: id, name: name, target: target, operations: operations) {
            let store = RecordedStore(state: RecordedState(), reducer: recordedReducer)
            var kept: [FlightRecorder<RecordedState, RecordedIntent, Never>] = []
            if recorder != .none {
                // A small ring, so that the run measures steps leaving it as well as coming in; a second window's
                // recorder over the same store for `twoWindows`.
                for _ in 0..<(recorder == .twoWindows ? 2 : 1) {
                    kept.append(FlightRecorder(store: store, commands: nil, root: nil, maximumBytes: 16 << 10))
                }
                for _ in 0..<20_000 { store.send(.increment) }
                if recorder == .detached { for attached in kept { attached.detach() } }
            }
            return {
                for _ in 0..<operations { store.send(.increment) }
                blackHole(kept)
            }
        }
    }
    return [
        sends(id: "store-send-codable", name: "store send, Codable state and intents", target: "≤ 2×", recorder: .none),
        sends(
            id: "store-send-recorded", name: "store send, a flight recorder attached (ring full)",
            target: "≤ 1.5× store-send-codable, 0 allocations", recorder: .attached),
        sends(
            id: "store-send-recorder-detached", name: "store send, a flight recorder detached",
            target: "≤ 1.05× store-send-codable", recorder: .detached),
        sends(
            id: "store-send-recorded-two-windows", name: "store send, two windows' flight recorders attached",
            target: "≤ 2× store-send-recorded, 0 allocations", recorder: .twoWindows),
    ]
}

enum RecorderUse {
    case none, attached, detached, twoWindows
}
