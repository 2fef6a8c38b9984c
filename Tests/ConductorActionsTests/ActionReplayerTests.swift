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
        let report = try await replayer().replay(recorder.recording, into: router)
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
            {"action":"ConductorActionsTests.ShowProfile","payload":{"id":1}}
            {"action":"App.Unknown","payload":{}}
            """
        await #expect(
            throws: ActionReplayError.unknownAction(
                line: 2, action: "App.Unknown", known: replayer().registeredActions)
        ) {
            try await replayer().replay(recording, into: router)
        }
        #expect(seen == 0)
    }

    @Test func anUndecodablePayloadNamesTheLineAndTheField() async {
        let recording = #"{"action":"ConductorActionsTests.ShowProfile","payload":{"id":"three"}}"#
        do {
            try await replayer().replay(recording, into: makeRouter())
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 1)
            guard case .undecodable(_, let action, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(action == "ConductorActionsTests.ShowProfile")
            #expect(reason.hasPrefix("payload.id"))
        }
    }

    @Test(arguments: [
        ("not json", 1),
        (#"{"payload":{}}"#, 1),
        ("\n\n[1, 2]", 3),
    ])
    func malformedLinesAreReportedWithTheirNumber(recording: String, line: Int) async {
        await #expect {
            try await replayer().replay(recording, into: makeRouter())
        } throws: { error in
            guard let error = error as? ActionReplayError, case .malformedLine(let at, _) = error else { return false }
            return at == line
        }
    }

    @Test func invalidUTF8IsReportedWithItsLine() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conductor-\(UUID()).jsonl")
        var bytes = Data(#"{"action":"ConductorActionsTests.ShowProfile","payload":{"id":1}}"#.utf8)
        bytes.append(contentsOf: [0x0A, 0xFF, 0xFE, 0x0A])
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect(throws: ActionReplayError.invalidUTF8(line: 2)) {
            try await replayer().replay(contentsOf: url, into: makeRouter())
        }
    }

    @Test func aMissingFileIsUnreadable() async {
        await #expect {
            try await replayer().replay(contentsOf: URL(fileURLWithPath: "/nonexistent/rec.jsonl"), into: makeRouter())
        } throws: { error in
            guard let error = error as? ActionReplayError, case .unreadable(let path, _) = error else { return false }
            return path == "/nonexistent/rec.jsonl" && error.line == nil
        }
    }

    @Test func skipInvalidLinesReplaysTheGoodOnesAndReportsTheRest() async throws {
        let router = makeRouter()
        let target = ActionDispatcher(router: router)
        var seen: [Int] = []
        try target.register(ShowProfile.self) { seen.append($0.id) }
        let recording = """
            {"action":"ConductorActionsTests.ShowProfile","payload":{"id":1}}
            garbage

            {"action":"ConductorActionsTests.ShowProfile","payload":{"id":2}}
            """
        let report = try await replayer().replay(recording, into: router, mode: .skipInvalidLines)
        #expect(seen == [1, 2])
        #expect(report.replayed == 2)
        #expect(report.skipped.map(\.line) == [2])
    }

    @Test func aFailingSendStopsTheReplayAndSaysHowFarItGot() async throws {
        let router = makeRouter()
        let target = ActionDispatcher(router: router)
        try target.register(ShowProfile.self) { _ in }
        let recording = """
            {"action":"ConductorActionsTests.ShowProfile","payload":{"id":1}}
            {"action":"ConductorActionsTests.FetchUser","payload":{"id":2}}
            """
        do {
            try await replayer().replay(recording, into: router)
            Issue.record("expected a send failure")
        } catch {
            guard case .sendFailed(let line, _, let replayed, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(line == 2 && replayed == 1)
            #expect(reason.contains("FetchUser"))
            #expect(error.description.contains("Line 2"))
        }
    }
}
