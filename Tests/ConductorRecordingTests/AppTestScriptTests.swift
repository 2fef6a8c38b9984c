import ConductorRecording
import Foundation
import Testing

struct AppTestScriptTests {
    @Test func aScriptRoundTripsThroughJSON() throws {
        let script = AppTestScript(
            store: "app", initialState: "{}",
            steps: [
                .init(command: "Next", intents: [#"{"next":{}}"#], links: [.init(url: "app://x", outcome: "taken")])
            ])
        let decoded = try JSONDecoder().decode(AppTestScript.self, from: try JSONEncoder().encode(script))
        #expect(decoded == script)
        #expect(decoded.version == AppTestScript.formatVersion)
    }

    @Test func aScriptOfANewerFormatIsRefused() throws {
        let json = #"{"version": 3, "store": "app", "initialState": "{}", "steps": []}"#
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
}
