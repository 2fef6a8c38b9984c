import ConductorRecording
import Foundation
import Testing

struct RecordingTests {
    struct Payload: Codable, Equatable {
        let id: Int
        let path: String
    }

    @Test func aLineHasSortedKeysUnescapedSlashesAndNoNewline() throws {
        let line = try Recording.line(kind: .action, type: "App.Open", payload: Payload(id: 3, path: "a/b\nc"))
        #expect(line == #"{"kind":"action","payload":{"id":3,"path":"a/b\nc"},"type":"App.Open"}"#)
        #expect(!line.contains("\n"))
    }

    @Test func linesReadBackWithTheirNumbersKindsAndPayloads() throws {
        let first = try Recording.line(kind: .action, type: "App.Open", payload: Payload(id: 1, path: "x"))
        let second = try Recording.line(kind: "custom", type: "T", payload: [1, 2])
        let (lines, skipped) = try Recording.lines(in: Data("\(first)\n\n\(second)\n".utf8))
        #expect(skipped.isEmpty)
        #expect(lines.map(\.number) == [1, 3])
        #expect(lines.map(\.kind) == [.action, "custom"])
        #expect(try lines[0].payload(as: Payload.self) == Payload(id: 1, path: "x"))
        #expect(try lines[1].payload(as: [Int].self) == [1, 2])
    }

    @Test func aPayloadOfTheWrongShapeIsUndecodableNamingTheField() throws {
        let line = try Recording.line(kind: .intent, type: "T", payload: ["id": "three"])
        let (lines, _) = try Recording.lines(in: Data(line.utf8))
        #expect {
            try lines[0].payload(as: Payload.self)
        } throws: { error in
            let error = error as? RecordingError
            return error?.code == .undecodable && error?.line == 1 && error?.reason.hasPrefix("payload.") == true
        }
    }

    @Test(arguments: ["not json", #"{"type":"T","payload":1}"#, #"{"kind":"action","payload":1}"#, "[1]"])
    func aLineThatIsNotARecordIsMalformed(text: String) {
        #expect {
            try Recording.lines(in: Data(text.utf8))
        } throws: { error in
            (error as? RecordingError)?.code == .malformedLine
        }
    }

    @Test func invalidUTF8NamesItsLineAndSkippingKeepsTheRest() throws {
        var data = Data(try Recording.line(kind: .action, type: "T", payload: 1).utf8)
        data.append(contentsOf: [0x0A, 0xFF, 0x0A])
        #expect(throws: RecordingError.invalidUTF8(line: 2)) { try Recording.lines(in: data) }
        let (lines, skipped) = try Recording.lines(in: data, mode: .skipInvalidLines)
        #expect(lines.count == 1)
        #expect(skipped == [.invalidUTF8(line: 2)])
    }

    @Test func aPayloadWhoseEncodingThrowsIsUnencodable() {
        struct Bad: Encodable {
            func encode(to encoder: any Encoder) throws { throw CancellationError() }
        }
        #expect {
            try Recording.line(kind: .command, type: "Open", payload: Bad())
        } throws: { error in
            let error = error as? RecordingError
            return error?.code == .unencodable && error?.kind == .command && error?.type == "Open"
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect {
            try Recording.contents(of: URL(fileURLWithPath: "/nonexistent/session.jsonl"))
        } throws: { error in
            (error as? RecordingError)?.code == .unreadable
        }
    }
}
