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

    @Test func aLogRoundTripsThroughTheRecordingFormat() throws {
        let log = IntentLog<AppIntent>([.increment, .setLabel("a")])
        let recording = try log.recording()
        #expect(recording.hasPrefix(#"{"kind":"intent","payload":"#))
        #expect(try IntentLog<AppIntent>(recording: recording) == log)
    }

    @Test func readingASessionRecordingKeepsOnlyThisTypesIntents() throws {
        let recording = """
            {"kind":"action","type":"App.Show","payload":{}}
            {"kind":"intent","type":"App.OtherIntent","payload":"reset"}
            \(try IntentLog<AppIntent>([.increment]).recording())
            """
        #expect(try IntentLog<AppIntent>(recording: recording).intents == [.increment])
    }

    @Test func aBadIntentLineIsNamedUnlessSkipped() throws {
        let type = String(reflecting: AppIntent.self)
        let recording = """
            {"kind":"intent","type":"\(type)","payload":{"increment":{}}}
            {"kind":"intent","type":"\(type)","payload":{"explode":{}}}
            """
        #expect {
            try IntentLog<AppIntent>(recording: recording)
        } throws: { error in
            let error = error as? RecordingError
            return error?.code == .undecodable && error?.line == 2
        }
        #expect(try IntentLog<AppIntent>(recording: recording, mode: .skipInvalidLines).intents == [.increment])
    }
}
