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
        let json = Data(
            (#"{"version":2,"root":{"name":"Root","children":[]}}"# + String(repeating: " ", count: 64)).utf8)
        #expect(throws: DecodingError.self) { try NavigationTree(json: json, maximumSize: 32) }
        #expect(try NavigationTree(json: json).root.name == "Root")
    }

    @Test func aFormatOneTreeIsStillRead() throws {
        let tree = try NavigationTree(json: Data(#"{"version":1,"root":{"name":"Root","children":[]}}"#.utf8))
        #expect(tree.version == 1)
    }
}

/// Capturing writes a flow's navigation straight into a value; it must be the value its JSON reads back as, and read
/// back as the navigation it was.
struct NavigationValueCodingTests {
    enum Destination: Codable, Hashable, Sendable {
        case list
        case item(Int64)
        case search(String, page: Int?, tags: [String])
        case file(URL, Data)
        case score(Double, Float, UInt8)
        case price(Decimal)
        case nested(Inner)
    }

    struct Inner: Codable, Hashable, Sendable {
        var ids: [Int: String]
        var flags: Set<Bool>
        var optional: String?
    }

    // Made for each test, not kept in a static: LeakSanitizer cannot follow a pointer an enum packs with its tag in
    // spare bits, and reports a static's array held that way as leaked.
    static func samples() -> [NavigationState<Destination>] {
        [
            NavigationState(stack: [.list]),
            NavigationState(
                stack: [.list, .item(.max), .item(.min)], presented: .search("é 😀 \"q\"", page: nil, tags: [])),
            NavigationState(stack: [.search("x", page: 3, tags: ["a", "b"])], presented: .list),
            NavigationState(stack: [.file(URL(string: "https://example.com/a?b=c")!, Data([0, 1, 255]))]),
            NavigationState(stack: [.score(2.0, 0.5, 255), .score(-1e300, 3, 0), .score(0.1, 0.1, 1)]),
            NavigationState(stack: [.price(Decimal(string: "12.34")!), .price(7), .price(-0.5)]),
            NavigationState(stack: [.nested(Inner(ids: [3: "three", -1: "minus"], flags: [true], optional: "x"))]),
            NavigationState(stack: []),
        ]
    }

    @Test(arguments: samples().indices)
    func theWrittenValueIsWhatItsJSONReadsBackAs(sample: Int) throws {
        let state = Self.samples()[sample]
        let direct = try NavigationTree.Value(encoding: state)
        let viaJSON = try JSONDecoder().decode(NavigationTree.Value.self, from: try JSONEncoder().encode(state))
        #expect(direct == viaJSON)
        #expect(try direct.decode(NavigationState<Destination>.self) == state)
        #expect(try viaJSON.decode(NavigationState<Destination>.self) == state)
    }

    @Test func whatJSONCannotHoldIsAnError() {
        #expect(throws: EncodingError.self) { try NavigationTree.Value(encoding: [Double.nan]) }
        #expect(throws: EncodingError.self) { try NavigationTree.Value(encoding: [UInt64.max]) }
    }

    @Test func aNumberPastInt64MaxIsRefusedWhenReadNotRounded() {
        let json = #"""
            {"version": 2, "root": {"name": "App", "navigation": {"stack": [18446744073709551615]}, "children": []}}
            """#
        #expect(throws: DecodingError.self) { try NavigationTree(json: Data(json.utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationTree.Value.self, from: Data("9223372036854775808".utf8))
        }
        #expect((try? JSONDecoder().decode(NavigationTree.Value.self, from: Data("1.5".utf8))) == .double(1.5))
    }

    @Test func aValueOfAnotherShapeIsADecodingErrorWithItsPath() {
        let value = NavigationTree.Value.object(["stack": .array([.object(["item": .object(["_0": .string("x")])])])])
        #expect(throws: DecodingError.self) { try value.decode(NavigationState<Destination>.self) }
        #expect(throws: DecodingError.self) { try NavigationTree.Value.int(300).decode(UInt8.self) }
    }
}
