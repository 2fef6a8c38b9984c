import ConductorCoordinators
import Foundation
import Testing

struct NavigationTreeValueTests {
    @Test func everyJSONValueRoundTrips() throws {
        let json = #"{"a":[1,-9223372036854775808,2.5,"x",true,false,null,{"b":{}}]}"#
        let value = try JSONDecoder().decode(NavigationTree.Value.self, from: Data(json.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == json)
    }

    @Test func largeIntegersStayExact() throws {
        let value = try JSONDecoder().decode(NavigationTree.Value.self, from: Data("9007199254740993".utf8))
        #expect(value == .int(9_007_199_254_740_993))
    }

    @Test func aFlowsNavigationIsJSONInsideTheTreeNotText() throws {
        let tree = NavigationTree(
            root: .init(name: "Root", navigation: .object(["stack": .array([.object(["list": .object([:])])])])))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(tree), as: UTF8.self)
        #expect(json == #"{"root":{"children":[],"name":"Root","navigation":{"stack":[{"list":{}}]}},"version":2}"#)
    }

    @Test func aTreeOfAFormatBelowOneIsRefused() {
        #expect(throws: DecodingError.self) {
            try NavigationTree(json: Data(#"{"version":0,"root":{"name":"Root","children":[]}}"#.utf8))
        }
    }

    @Test func aTreeLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let json = Data((#"{"version":2,"root":{"name":"Root","children":[]}}"# + String(repeating: " ", count: 64)).utf8)
        #expect(throws: DecodingError.self) { try NavigationTree(json: json, maximumSize: 32) }
        #expect(try NavigationTree(json: json).root.name == "Root")
    }

    @Test func aFormatOneTreeIsStillRead() throws {
        let tree = try NavigationTree(json: Data(#"{"version":1,"root":{"name":"Root","children":[]}}"#.utf8))
        #expect(tree.version == 1)
    }
}
