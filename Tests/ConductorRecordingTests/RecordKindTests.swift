import ConductorRecording
import Foundation
import Testing

struct RecordKindTests {
    @Test func aKindIsWrittenAsItsName() throws {
        #expect(String(decoding: try JSONEncoder().encode(RecordKind.intent), as: UTF8.self) == #""intent""#)
        #expect(try JSONDecoder().decode(RecordKind.self, from: Data(#""navigation""#.utf8)) == "navigation")
    }
}
