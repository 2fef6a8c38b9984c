import ConductorRecording
import Testing

struct RecordingErrorTests {
    @Test func everyDescriptionNamesTheLineAndWhatToDo() {
        #expect(RecordingError.invalidUTF8(line: 4).description.hasPrefix("Line 4 "))
        let unknown = RecordingError.unknownType(line: 2, kind: .action, type: "App.Gone", known: ["App.Open"])
        #expect(unknown.description.contains("App.Gone") && unknown.description.contains("App.Open"))
        #expect(unknown.description.contains("Register"))
        let failed = RecordingError.replayFailed(line: 3, kind: .command, type: "Save", replayed: 2, reason: "disk")
        #expect(failed.description == "Line 3: replaying command 'Save' failed after 2 record(s) were replayed: disk")
    }

    @Test func errorsCompareByCodeAndDetails() {
        #expect(RecordingError.invalidUTF8(line: 1) == .invalidUTF8(line: 1))
        #expect(RecordingError.invalidUTF8(line: 1) != .invalidUTF8(line: 2))
        #expect(RecordingError.invalidUTF8(line: 1) != .malformedLine(line: 1, reason: ""))
    }
}
