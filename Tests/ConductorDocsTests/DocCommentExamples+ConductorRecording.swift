// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorRecording's doc comments, compiled and run.
import ConductorActions
import ConductorRecording
import Foundation
import Logging
import Testing

/// Cause.swift: an observer that prints why work began.
private final class WhyLog: CauseObserver {
    func causeDidBegin(_ cause: Cause) { print("began: \(cause)") }
    func causeDidEnd(_ cause: Cause) {}
}

private struct ShowProfile: Action, Codable { let id: Int }

@MainActor
@Suite(.serialized) struct ConductorRecordingDocCommentTests {
    @Test func observersSeeTheCauseTheWorkRunsUnder() {
        let why = WhyLog()
        Causes.addObserver(why)
        defer { Causes.removeObserver(why) }

        let causeLog = LoggingCauseObserver(logger: Logger(label: "MyApp.Causes"))
        Causes.addObserver(causeLog)   // keep `causeLog` alive: observers are held weakly

        defer { Causes.removeObserver(causeLog) }
        let name = Causes.run(.command, "Open") { Cause.current?.name }
        #expect(name == "Open")
    }

    @Test func aRecordingWithInvalidUTF8NamesItsLine() {
        let data = Data(#"{"kind":"action","payload":{"id":3},"type":"MyApp.ShowProfile"}"#.utf8) + Data([0x0A, 0xFF, 0x0A])
        // RecordingError.swift, whose example is marked a fragment (`{ … }`): its first line.
        #expect(throws: RecordingError.invalidUTF8(line: 2)) { try Recording.lines(in: data) }
    }

    @Test func aRecordersLogIsWrittenToAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let router = ActionRouter(name: "Recorded")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in }

        let recorder = ActionRecorder()
        router.middlewares.append(recorder)
        // … later:
        try recorder.log.recording.write(to: url, atomically: true, encoding: .utf8)

        try ShowProfile(id: 3).send(to: router)
        try recorder.log.recording.write(to: url, atomically: true, encoding: .utf8)
        #expect(try String(contentsOf: url, encoding: .utf8).contains(#""payload":{"id":3}"#))
    }
}
