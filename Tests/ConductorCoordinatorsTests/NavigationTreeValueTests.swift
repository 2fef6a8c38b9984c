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
}
