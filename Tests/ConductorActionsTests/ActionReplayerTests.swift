import ConductorActions
import Foundation
import Testing

@MainActor
struct ActionReplayerTests {
    private func replayer() -> ActionReplayer {
        var replayer = ActionReplayer()
        replayer.register(ShowProfile.self)
        replayer.register(FetchUser.self)
        return replayer
    }

    @Test func recordThenReplayReachesTheSameHandlersInOrder() async throws {
        let recorder = ActionRecorder()
        let original = ActionDispatcher(router: makeRouter())
        original.middlewares = [recorder]
        try original.register(ShowProfile.self) { _ in }
        try original.register(FetchUser.self) { User(id: $0.id, name: "") }
        try original.dispatch(ShowProfile(id: 1))
        _ = try await original.dispatch(FetchUser(id: 2))
        try original.dispatch(ShowProfile(id: 3))

        let router = ActionRouter(name: "replay")
        let target = ActionDispatcher(router: router)
        var seen: [String] = []
        try target.register(ShowProfile.self) { seen.append("show \($0.id)") }
        try target.register(FetchUser.self) { action in
            seen.append("fetch \(action.id)")
            return User(id: action.id, name: "")
        }
        let report = try await replayer().replay(recorder.log.recording, into: router)
        #expect(seen == ["show 1", "fetch 2", "show 3"])
        #expect(report.replayed == 3)
        #expect(report.skipped.isEmpty)
    }

    @Test func anUnknownActionFailsWithItsLineAndReplaysNothing() async throws {
        let router = makeRouter()
        let target = ActionDispatcher(router: router)
        var seen = 0
        try target.register(ShowProfile.self) { _ in seen += 1 }
        let recording = """
            {"kind":"action","type":"ConductorActionsTests.ShowProfile","payload":{"id":1}}
            {"kind":"action","type":"App.Unknown","payload":{}}
            """
        await #expect(
            throws: RecordingError.unknownType(
                line: 2, kind: .action, type: "App.Unknown", known: replayer().registeredActions)
        ) {
            try await replayer().replay(recording, into: router)
        }
        #expect(seen == 0)
    }

    @Test func anUndecodablePayloadNamesTheLineAndTheField() async {
        let recording = #"{"kind":"action","type":"ConductorActionsTests.ShowProfile","payload":{"id":"three"}}"#
        do {
            try await replayer().replay(recording, into: makeRouter())
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 1)
            #expect(error.code == .undecodable)
            #expect(error.type == "ConductorActionsTests.ShowProfile")
            #expect(error.reason.hasPrefix("payload.id"))
        }
    }

    @Test(arguments: [
        ("not json", 1),
        (#"{"payload":{}}"#, 1),
        (#"{"action":"ConductorActionsTests.ShowProfile","payload":{"id":1}}"#, 1),
        ("\n\n[1, 2]", 3),
    ])
    func malformedLinesAreReportedWithTheirNumber(recording: String, line: Int) async {
        await #expect {
            try await replayer().replay(recording, into: makeRouter())
        } throws: { error in
            guard let error = error as? RecordingError, error.code == .malformedLine else { return false }
            return error.line == line
        }
    }

    @Test func invalidUTF8IsReportedWithItsLine() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conductor-\(UUID()).jsonl")
        var bytes = Data(#"{"kind":"action","type":"ConductorActionsTests.ShowProfile","payload":{"id":1}}"#.utf8)
        bytes.append(contentsOf: [0x0A, 0xFF, 0xFE, 0x0A])
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect(throws: RecordingError.invalidUTF8(line: 2)) {
            try await replayer().replay(contentsOf: url, into: makeRouter())
        }
    }

    @Test func aMissingFileIsUnreadable() async {
        await #expect {
            try await replayer().replay(contentsOf: URL(fileURLWithPath: "/nonexistent/rec.jsonl"), into: makeRouter())
        } throws: { error in
            guard let error = error as? RecordingError, error.code == .unreadable else { return false }
            return error.type == "/nonexistent/rec.jsonl" && error.line == nil
        }
    }

    @Test func skipInvalidLinesReplaysTheGoodOnesAndReportsTheRest() async throws {
        let router = makeRouter()
        let target = ActionDispatcher(router: router)
        var seen: [Int] = []
        try target.register(ShowProfile.self) { seen.append($0.id) }
        let recording = """
            {"kind":"action","type":"ConductorActionsTests.ShowProfile","payload":{"id":1}}
            garbage

            {"kind":"action","type":"ConductorActionsTests.ShowProfile","payload":{"id":2}}
            """
        let report = try await replayer().replay(recording, into: router, mode: .skipInvalidLines)
        #expect(seen == [1, 2])
        #expect(report.replayed == 2)
        #expect(report.skipped.map(\.line) == [2])
    }

    @Test func recordsOfOtherKindsInAMixedRecordingAreLeftAlone() async throws {
        let router = makeRouter()
        let target = ActionDispatcher(router: router)
        var seen: [Int] = []
        try target.register(ShowProfile.self) { seen.append($0.id) }
        let recording = """
            {"kind":"intent","type":"App.AppIntent","payload":"increment"}
            {"kind":"action","type":"ConductorActionsTests.ShowProfile","payload":{"id":1}}
            {"kind":"command","type":"Open(id: 3)","payload":{"arguments":{}}}
            """
        let report = try await replayer().replay(recording, into: router)
        #expect(seen == [1])
        #expect(report.replayed == 1)
    }

    @Test func aFailingSendStopsTheReplayAndSaysHowFarItGot() async throws {
        let router = makeRouter()
        let target = ActionDispatcher(router: router)
        try target.register(ShowProfile.self) { _ in }
        let recording = """
            {"kind":"action","type":"ConductorActionsTests.ShowProfile","payload":{"id":1}}
            {"kind":"action","type":"ConductorActionsTests.FetchUser","payload":{"id":2}}
            """
        do {
            try await replayer().replay(recording, into: router)
            Issue.record("expected a send failure")
        } catch {
            #expect(error.code == .replayFailed)
            #expect(error.line == 2 && error.replayed == 1)
            #expect(error.reason.contains("FetchUser"))
            #expect(error.description.contains("Line 2"))
        }
    }
}
