import ConductorRecording
import Foundation
import Testing

/// A redaction replaces every string that is not kept, the same way each time within a process.
struct RedactionTests {
    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func everyStringIsReplacedAndNumbersBooleansAndKeysAreKept() {
        let redacted = text(Redaction.allText.json(Data(#"{"name":"Ada","age":36,"admin":true,"tags":["x"]}"#.utf8)))
        #expect(!redacted.contains("Ada"))
        #expect(redacted.contains(#""age":36"#))
        #expect(redacted.contains(#""admin":true"#))
        #expect(redacted.contains(#""name":"redacted-"#))
        #expect(!redacted.contains(#""x""#))
    }

    @Test func aKeptKeyKeepsItsTextByItsLastKeyOrADottedSuffix() {
        let redaction = Redaction(keeping: ["title", "login._0"])
        let redacted = text(
            redaction.json(Data(#"{"item":{"title":"Milk"},"login":{"_0":"ada"},"logout":{"_0":"bob"}}"#.utf8)))
        #expect(redacted.contains(#""title":"Milk""#))
        #expect(redacted.contains(#""_0":"ada""#))
        #expect(!redacted.contains("bob"))
    }

    @Test func theSameTextHasTheSamePlaceholderAndTheEmptyStringStaysEmpty() {
        let redaction = Redaction.allText
        #expect(redaction.placeholder(for: "ada") == redaction.placeholder(for: "ada"))
        #expect(redaction.placeholder(for: "ada") != redaction.placeholder(for: "bob"))
        #expect(redaction.placeholder(for: "").isEmpty)
        #expect(redaction.placeholder(for: "ada").utf8.count == 25)
    }

    @Test func aLinkIsKeptOnlyWhenThePolicySays() {
        #expect(Redaction.allText.link("app://search/ada") != "app://search/ada")
        #expect(Redaction(keepsLinks: true).link("app://items/3") == "app://items/3")
    }

    @Test func aNavigationTreeKeepsItsStructureAndRedactsItsValues() {
        let tree =
            #"{"root":{"name":"App","selectedTab":"items","navigation":{"stack":[{"search":{"_0":"ada"}}]},"children":[]},"version":2}"#
        let redacted = text(Redaction.allText.navigationTree(Data(tree.utf8)))
        #expect(redacted.contains(#""name":"App""#))
        #expect(redacted.contains(#""selectedTab":"items""#))
        #expect(!redacted.contains("ada"))
    }

    @Test func textThatIsNotJSONIsReplacedWhole() {
        #expect(!text(Redaction.allText.json(Data("not json ada".utf8))).contains("ada"))
    }
}
