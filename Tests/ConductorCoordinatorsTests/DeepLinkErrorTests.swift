import ConductorCoordinators
import Testing

@Suite struct DeepLinkErrorTests {
    @Test func errorsWithTheSameCodeAndDetailsAreEqual() {
        #expect(DeepLinkError.noMatch(url: "a://b") == .noMatch(url: "a://b"))
        #expect(DeepLinkError.noMatch(url: "a://b") != .noMatch(url: "a://c"))
        #expect(DeepLinkError.noMatch(url: "a://b") != .malformedURL(url: "a://b"))
    }

    @Test func theCodeAndDetailsAreReadableWithoutASwitch() {
        let error = DeepLinkError.invalidParameter(
            name: "id", value: "abc", expected: "an integer", url: "a://items/abc")
        #expect(error.code == .invalidParameter)
        #expect(error.parameter == "id" && error.value == "abc" && error.expected == "an integer")
        #expect(error.url == "a://items/abc")
    }

    @Test func aMatcherThrowsErrorsThatCanBeNamedInExpectations() throws {
        var links = DeepLinkMatcher<Int>()
        links.register("myapp://items/:id") { try $0.int("id") }
        #expect(throws: DeepLinkError.noMatch(url: "myapp://nowhere")) { try links.resolve("myapp://nowhere") }
        #expect(throws: DeepLinkError.unknownScheme(url: "other://x", scheme: "other", known: ["myapp"])) {
            try links.resolve("other://x")
        }
    }

    @Test func messagesNameNoAppSpecificScheme() {
        #expect(!DeepLinkError.malformedURL(url: "items").description.contains("conductor-demo"))
    }
}
