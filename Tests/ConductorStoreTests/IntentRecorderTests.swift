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
        #expect(recorder.lines.count == 3)
        #expect(written == recorder.lines)
        let log = try IntentLog<AppIntent>(recording: recorder.recording)
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
        recorder.onFailure = { reported.append($0) }
        store.middlewares = [recorder]
        store.send(Secret())
        #expect(store.state == 1)
        #expect(recorder.lines.isEmpty)
        #expect(reported.map(\.code) == [.unencodable])
        #expect(recorder.failures == reported)
    }
}
