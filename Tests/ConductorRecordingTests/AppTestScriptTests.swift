import ConductorRecording
import Foundation
import Testing

struct AppTestScriptTests {
    @Test func aScriptRoundTripsThroughJSON() throws {
        let script = AppTestScript(
            store: "app", initialState: "{}",
            steps: [
                .init(command: "Next", intents: [#"{"next":{}}"#], links: [.init(url: "app://x", outcome: "taken")]),
                .init(command: "(platform)", platform: "back in items", navigation: "{}"),
            ])
        let decoded = try JSONDecoder().decode(AppTestScript.self, from: try JSONEncoder().encode(script))
        #expect(decoded == script)
        #expect(decoded.version == AppTestScript.formatVersion)
    }

    @Test func aScriptOfANewerFormatIsRefused() throws {
        let json = #"{"version": 6, "store": "app", "initialState": "{}", "steps": []}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AppTestScript.self, from: Data(json.utf8)) }
    }

    @Test func aScriptOfFormatOneIsStillReadAndBelowOneRefused() throws {
        let json =
            #"{"version": 1, "store": "app", "initialState": "{}", "steps": [{"command": "Next", "intents": [], "links": []}]}"#
        #expect(try JSONDecoder().decode(AppTestScript.self, from: Data(json.utf8)).steps.first?.openedLink == nil)
        let negative = #"{"version": -1, "store": "app", "initialState": "{}", "steps": []}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AppTestScript.self, from: Data(negative.utf8)) }
    }

    @Test func textThatIsNotAScriptIsADecodingError() throws {
        for json in ["", "[]", #"{"version": 1}"#, #"{"version": 1, "store": 3, "initialState": "", "steps": []}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(AppTestScript.self, from: Data(json.utf8)) }
        }
    }

    /// The JSON form the type's documentation shows, as a hand-written test writes it, reads as that script.
    @Test func theDocumentedHandWrittenFormReads() throws {
        let json = #"""
            {
              "version": 2,
              "store": "app",
              "initialState": "{\"items\":[]}",
              "steps": [
                {
                  "command": "Save(\"title\": \"Milk\")",
                  "intents": ["{\"addItem\":{\"_0\":\"Milk\"}}", "{\"itemAdded\":{\"_0\":{\"id\":1,\"title\":\"Milk\"}}}"],
                  "state": "{\"items\":[{\"id\":1,\"title\":\"Milk\"}]}"
                },
                { "command": "(link)", "openedLink": "myapp://items/1" }
              ]
            }
            """#
        let script = try JSONDecoder().decode(AppTestScript.self, from: Data(json.utf8))
        #expect(script.store == "app")
        #expect(script.steps.count == 2)
        #expect(script.steps[0].intents.count == 2)
        #expect(script.steps[0].state == #"{"items":[{"id":1,"title":"Milk"}]}"#)
        #expect(script.steps[1].openedLink == "myapp://items/1")
        #expect(script.steps[1].intents.isEmpty && script.steps[1].links.isEmpty)
    }

    @Test func aReportFromOutsideIsRefusedWhenTooLargeNewerTruncatedOrWithTooManySteps() throws {
        let tooLarge = Data(repeating: UInt8(ascii: " "), count: AppTestScript.maximumBytes + 1)
        #expect(throws: RecordingError.self) { try AppTestScript.read(tooLarge) }
        let newer = Data(#"{"version": 99, "store": "a", "initialState": "{}", "steps": []}"#.utf8)
        #expect {
            try AppTestScript.read(newer)
        } throws: { error in
            (error as? RecordingError)?.description.contains("newer") == true
        }
        let truncated = Data(#"{"version": 3, "store": "a", "initialState": "{}", "steps": [{"comm"#.utf8)
        #expect(throws: RecordingError.self) { try AppTestScript.read(truncated) }
        let many =
            "{\"version\":3,\"store\":\"a\",\"initialState\":\"{}\",\"steps\":["
            + Array(repeating: #"{"command":"X"}"#, count: 30).joined(separator: ",") + "]}"
        #expect(throws: RecordingError.self) { try AppTestScript.read(Data(many.utf8), maximumSteps: 20) }
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: RecordingError.self) { try AppTestScript.read(Data(nested.utf8)) }
        #expect(throws: RecordingError.self) { try AppTestScript.read(Data([0xFF, 0xFE])) }
        let control = #"{"version":3,"store":"a\u0000\u001b[31m","initialState":"{}","steps":[]}"#
        #expect(try AppTestScript.read(Data(control.utf8)).store == "a\u{0}\u{1B}[31m")
    }
}
