import ConductorActions
import Testing

@MainActor
struct ActionRecorderTests {
    @Test func writesEncodableActionsAsJSONLines() async throws {
        var written: [String] = []
        let recorder = ActionRecorder { written.append($0) }
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [recorder]
        try dispatcher.register(ShowProfile.self) { _ in }
        try dispatcher.register(FetchUser.self) { User(id: $0.id, name: "") }
        try dispatcher.dispatch(ShowProfile(id: 3))
        _ = try await dispatcher.dispatch(FetchUser(id: 4))
        #expect(
            recorder.log.lines == [
                #"{"kind":"action","payload":{"id":3},"type":"ConductorActionsTests.ShowProfile"}"#,
                #"{"kind":"action","payload":{"id":4},"type":"ConductorActionsTests.FetchUser"}"#,
            ])
        #expect(written == recorder.log.lines)
        #expect(recorder.log.recording.hasSuffix("}\n"))
    }

    @Test func reportsAnActionTypeThatIsNotEncodableOnceInsteadOfDroppingItSilently() throws {
        let recorder = ActionRecorder()
        var reported: [RecordingError] = []
        recorder.log.onFailure = { reported.append($0) }
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [recorder]
        try dispatcher.register(NotCodable.self) { _ in }
        try dispatcher.dispatch(NotCodable())
        try dispatcher.dispatch(NotCodable())
        #expect(recorder.log.lines.isEmpty)
        #expect(reported.map(\.code) == [.unencodable])
        #expect(reported.first?.type == ActionKey(NotCodable.self).name)
        #expect(recorder.log.failures == reported)
    }

    @Test func recordsEncodingFailuresAndLetsTheDispatchGoOn() throws {
        struct Unencodable: Action, Encodable {
            func encode(to encoder: any Encoder) throws { throw Boom() }
        }
        let recorder = ActionRecorder()
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [recorder]
        var handled = false
        try dispatcher.register(Unencodable.self) { _ in handled = true }
        try dispatcher.dispatch(Unencodable())
        #expect(handled)
        #expect(recorder.log.failures.map(\.type) == [ActionKey(Unencodable.self).name])
        recorder.reset()
        #expect(recorder.log.failures.isEmpty)
    }
}
