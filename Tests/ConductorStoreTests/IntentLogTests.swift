import ConductorStore
import Foundation
import Testing

struct IntentLogTests {
    @Test func replayAppliesEveryIntentInOrder() {
        let log = IntentLog<AppIntent>([.increment, .increment, .setLabel("x"), .decrement])
        let state = log.replay(onto: AppState(), reducer: reducer)
        #expect(state == AppState(value: 1, soundsPlayed: 0, label: "x"))
    }

    @Test func aLogOfCodableIntentsRoundTripsThroughJSON() throws {
        let log = IntentLog<AppIntent>([.increment, .setLabel("a")])
        let data = try JSONEncoder().encode(log)
        #expect(try JSONDecoder().decode(IntentLog<AppIntent>.self, from: data) == log)
    }
}
