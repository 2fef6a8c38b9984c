import ConductorCoordinators
import Foundation
import PropertyBased
import Testing

/// Properties of the deep-link matcher over generated segments.
struct DeepLinkPropertyTests {
    static let characters: [Character] = Array("aZ09-._~ /%?#&=+:@!$'()*,;é€😀\u{301}")

    static let segments = Gen.int(in: 0...(characters.count - 1)).array(of: 1...8).map {
        String($0.map { characters[$0] })
    }

    /// RFC 3986's unreserved characters are the only ones left as they are.
    static func percentEncoded(_ text: String, all: Bool = false) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved =
                byte < 0x80
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~".unicodeScalars.contains(scalar))
            if unreserved && !all {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    static func router() throws -> DeepLinkMatcher<[String]> {
        var links = DeepLinkMatcher<[String]>()
        links.register("app://items/:id") { p in ["item", try p.string("id")] }
        links.register("app://items/:id/edit") { p in ["edit", try p.string("id")] }
        links.register("app://files/*") { p in ["files"] + p.rest }
        return links
    }

    @Test func anEncodedSegmentDecodesToItselfExactlyOnce() async throws {
        let links = try Self.router()
        await propertyCheck(count: 500, input: Self.segments) { segment throws in
            #expect(try links.resolve("app://items/\(Self.percentEncoded(segment))") == ["item", segment])
            #expect(try links.resolve("app://items/\(Self.percentEncoded(segment))/edit") == ["edit", segment])
        }
    }

    /// Encoding more characters than needed (even every byte) never changes which pattern matches or what it
    /// captures.
    @Test func noMatchChangesWhenASegmentIsEncoded() async throws {
        let links = try Self.router()
        await propertyCheck(count: 500, input: Self.segments.array(of: 1...4)) { segments throws in
            let minimal = segments.map { Self.percentEncoded($0) }.joined(separator: "/")
            let maximal = segments.map { Self.percentEncoded($0, all: true) }.joined(separator: "/")
            let expected = ["files"] + segments
            #expect(try links.resolve("app://files/\(minimal)") == expected)
            #expect(try links.resolve("app://files/\(maximal)") == expected)
        }
    }

    enum PrintedLink: Equatable, Sendable {
        case item(Int64)
        case file([String])
        case search(String, page: Int)
        case home
    }

    static func printing() -> DeepLinkMatcher<PrintedLink> {
        var links = DeepLinkMatcher<PrintedLink>()
        links.register("app://home", .home)
        links.register("app://items/:id") { p in
            .item(Int64(try p.int("id")))
        } parameters: {
            if case .item(let id) = $0 { ["id": String(id)] } else { nil }
        }
        links.register("app://files/*") { p in
            .file(p.rest)
        } parameters: {
            if case .file(let path) = $0 { ["*": path.joined(separator: "/")] } else { nil }
        }
        links.register("app://search/:text") { p in
            .search(try p.string("text"), page: try p.int("page"))
        } parameters: {
            if case .search(let text, let page) = $0 { ["text": text, "page": String(page)] } else { nil }
        }
        return links
    }

    /// Every registered pattern round-trips: link → URL → the same link.
    @Test func everyPrintedLinkResolvesToItself() async throws {
        let links = Self.printing()
        let noSlash = Self.segments.filter { !$0.contains("/") }
        let generated = Gen.oneOf(
            Gen.always(PrintedLink.home),
            Gen.int(in: 0...Int.max).map { PrintedLink.item(Int64($0)) },
            noSlash.array(of: 1...4).map { PrintedLink.file($0) },
            Self.segments.map { PrintedLink.search($0, page: $0.count) },
        )
        await propertyCheck(count: 500, input: generated) { link throws in
            let url = try #require(links.url(for: link))
            #expect(try links.resolve(url) == link)
        }
    }

    /// A final `*`'s value is any text: empty segments (`/x`, `x/`, `a//b`, `/`) included, it resolves to itself.
    @Test func anyWildcardTextRoundTrips() async throws {
        var links = DeepLinkMatcher<String>()
        links.register("app://text/*") { p in
            p.rest.joined(separator: "/")
        } parameters: {
            ["*": $0]
        }
        for text in ["/x", "x/", "a//b", "/", "//", "a/b", "x"] {
            let url = try #require(links.url(for: text))
            #expect(try links.resolve(url) == text, "\(text) printed as \(url)")
        }
        let texts = Gen.oneOf(Self.segments, Self.segments.array(of: 0...4).map { $0.joined(separator: "/") })
        await propertyCheck(count: 500, input: texts) { text throws in
            guard !text.isEmpty else { return }
            let url = try #require(links.url(for: text))
            #expect(try links.resolve(url) == text)
        }
    }

    /// A link whose URL would be longer than the matcher resolves is not printed: every printed URL resolves.
    @Test func aLinkTooLongToResolveIsNotPrinted() throws {
        let links = Self.printing()
        let long = String(repeating: "a", count: 10_000)
        #expect(links.url(for: .search(long, page: 1)) == nil)
        let fits = String(repeating: "a", count: 4_000)
        let url = try #require(links.url(for: .search(fits, page: 1)))
        #expect(try links.resolve(url) == .search(fits, page: 1))
    }
}
