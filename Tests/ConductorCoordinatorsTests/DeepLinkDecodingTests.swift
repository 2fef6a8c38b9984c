import ConductorCoordinators
import Testing

/// Each path segment is percent-decoded exactly once: double decoding is a route to path confusion.
struct DeepLinkDecodingTests {
    enum Link: Equatable, Sendable {
        case items
        case item(String)
        case edit(String)
    }

    func router() throws -> DeepLinkMatcher<Link> {
        var links = DeepLinkMatcher<Link>()
        links.register("app://items") { _ in .items }
        links.register("app://items/:id") { p in .item(try p.string("id")) }
        links.register("app://items/:id/edit") { p in .edit(try p.string("id")) }
        return links
    }

    @Test(arguments: [
        ("app://items/%2533", Link.item("%33")),
        ("app://items/%252Fedit", .item("%2Fedit")),
        ("app://items/abc%2Fedit", .item("abc/edit")),
        ("app://items/a%20b", .item("a b")),
        ("app://items/%C3%A9", .item("é")),
        ("app://items/%F0%9F%8E%B5", .item("🎵")),
        ("app://items/%EF%BF%BF", .item("\u{FFFF}")),
        ("app://items/3/edit", .edit("3")),
    ])
    func segmentsAreDecodedOnceAndEncodedSlashesStayInside(url: String, link: Link) throws {
        #expect(try router().resolve(url) == link)
    }

    /// Invalid UTF-8 of every kind is refused, as `String(validating:as:)` refuses it: overlong forms, surrogates,
    /// code points past U+10FFFF, truncated and stray continuation bytes (the check runs on iOS 17 and macOS 14,
    /// where that initializer does not exist).
    @Test(arguments: [
        "app://items/%FF", "app://items/%C3%28", "app://items/ok/%FF", "app://items?q=%FF", "app://items/%C0%AF",
        "app://items/%E0%80%AF", "app://items/%ED%A0%80", "app://items/%F4%90%80%80", "app://items/%E2%82",
        "app://items/a%80", "app://items/%F8%88%80%80%80",
    ])
    func anUndecodableSegmentIsATypedError(url: String) throws {
        #expect {
            try router().resolve(url)
        } throws: { error in
            guard let error = error as? DeepLinkError, error.code == .undecodable else { return false }
            return error.url == url
        }
    }

    @Test func queryValuesAreDecodedOnce() throws {
        var links = DeepLinkMatcher<String>()
        links.register("app://search") { p in try p.string("q") }
        #expect(try links.resolve("app://search?q=%2541") == "%41")
        #expect(try links.resolve("app://search?q=a+b") == "a+b")
    }

    @Test(arguments: [3, 40])
    func theFirstOfRepeatedQueryItemsWinsAndLaterOnesAreNotDecoded(distinct: Int) throws {
        var links = DeepLinkMatcher<DeepLinkParameters>()
        links.register("app://search") { $0 }
        let items = (0..<distinct).map { "k\($0)=v\($0)" }.joined(separator: "&")
        // Repeats of the first and the last name; one with a value that would not decode.
        let url = "app://search?\(items)&k0=again&k\(distinct - 1)=%FF&k1"
        let parameters = try links.resolve(url)
        #expect(parameters.query.count == distinct)
        #expect(try parameters.string("k0") == "v0")
        #expect(try parameters.string("k\(distinct - 1)") == "v\(distinct - 1)")
        #expect(parameters.query["k1"] == "v1")
    }

    @Test func aPathParameterIsReadBeforeAQueryItemOfTheSameName() throws {
        var links = DeepLinkMatcher<DeepLinkParameters>()
        links.register("app://items/:id") { $0 }
        let parameters = try links.resolve("app://items/7?id=8&page=2")
        #expect(try parameters.int("id") == 7)
        #expect(try parameters.int("page") == 2)
        #expect(parameters.path == ["id": "7"])
        #expect(parameters.query == ["id": "8", "page": "2"])
        #expect(
            parameters
                == DeepLinkParameters(
                    url: "app://items/7?id=8&page=2", pattern: "app://items/:id", path: ["id": "7"],
                    query: ["page": "2", "id": "8"], rest: []))
    }
}
