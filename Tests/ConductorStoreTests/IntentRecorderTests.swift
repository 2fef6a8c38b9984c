import ConductorStore
import Testing

@MainActor
struct IntentRecorderTests {
    @Test func recordsEachIntentBeforeTheReducerAndReplaysToTheSameState() throws {
        let store = Store(state: AppState(), reducer: reducer)
        var written: [String] = []
        let recorder = IntentRecorder<AppState, AppIntent> { written.append($0) }
        store.middlewares = [recorder]
        store.send(.increment)
        store.send(.setLabel("x"))
        store.send(.increment)
        #expect(recorder.log.lines.count == 3)
        #expect(written == recorder.log.lines)
        let log = try IntentLog<AppIntent>(recording: recorder.log.recording)
        #expect(log.replay(onto: AppState(), reducer: reducer) == store.state)
    }

    @Test func anIntentThatCannotBeEncodedIsReportedAndStillReduced() {
        struct Secret: Encodable {
            func encode(to encoder: any Encoder) throws { throw CancellationError() }
        }
        let store = Store<Int, Secret, Never>(state: 0) { state, _ in
            state += 1
            return []
        }
        let recorder = IntentRecorder<Int, Secret>()
        var reported: [RecordingError] = []
        recorder.log.onFailure = { reported.append($0) }
        store.middlewares = [recorder]
        store.send(Secret())
        #expect(store.state == 1)
        #expect(recorder.log.lines.isEmpty)
        #expect(reported.map(\.code) == [.unencodable])
        #expect(recorder.log.failures == reported)
    }
}
