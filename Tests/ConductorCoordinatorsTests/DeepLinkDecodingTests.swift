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
        try links.register("app://items") { _ in .items }
        try links.register("app://items/:id") { p in .item(try p.string("id")) }
        try links.register("app://items/:id/edit") { p in .edit(try p.string("id")) }
        return links
    }

    @Test(arguments: [
        ("app://items/%2533", Link.item("%33")),
        ("app://items/%252Fedit", .item("%2Fedit")),
        ("app://items/abc%2Fedit", .item("abc/edit")),
        ("app://items/a%20b", .item("a b")),
        ("app://items/%C3%A9", .item("é")),
        ("app://items/3/edit", .edit("3")),
    ])
    func segmentsAreDecodedOnceAndEncodedSlashesStayInside(url: String, link: Link) throws {
        #expect(try router().resolve(url) == link)
    }

    @Test(arguments: ["app://items/%FF", "app://items/%C3%28", "app://items/ok/%FF", "app://items?q=%FF"])
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
        try links.register("app://search") { p in try p.string("q") }
        #expect(try links.resolve("app://search?q=%2541") == "%41")
        #expect(try links.resolve("app://search?q=a+b") == "a+b")
    }
}
