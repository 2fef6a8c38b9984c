import ConductorCoordinators
import Foundation
import PropertyBased
import Testing

/// The byte-level URL parser against `URLComponents`, which it replaced on the matching path: on every URL that
/// RFC 3986 allows — those `URLComponents` reads without re-encoding anything, so that its `string` is the URL
/// itself — the same parts read and the same parts refused as undecodable; every other URL is malformed.
struct DeepLinkURLTests {
    /// What `URLComponents` makes of a URL, as the matcher read it before: the scheme and host lowercased, the
    /// path segments and query items percent-decoded once.
    enum Reading: Equatable {
        case parts(keys: [String], query: [String: String])
        case malformed
        case undecodable

        init(reference url: String) {
            // `URLComponents` re-encodes a component with a character RFC 3986 does not allow there: `string` then
            // differs from the URL.
            guard let components = URLComponents(string: url), components.string == url,
                let scheme = components.scheme?.lowercased(), let encodedHost = components.percentEncodedHost,
                !encodedHost.isEmpty
            else {
                self = .malformed
                return
            }
            func decode(_ part: some StringProtocol) -> String? { part.removingPercentEncoding }
            guard let host = decode(encodedHost) else {
                self = .undecodable
                return
            }
            var keys = [scheme, host.lowercased()]
            for segment in components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true) {
                guard let decoded = decode(segment) else {
                    self = .undecodable
                    return
                }
                keys.append(decoded)
            }
            var query: [String: String] = [:]
            for item in components.percentEncodedQueryItems ?? [] {
                guard let name = decode(item.name), let value = decode(item.value ?? "") else {
                    self = .undecodable
                    return
                }
                if query[name] == nil { query[name] = value }
            }
            self = .parts(keys: keys, query: query)
        }

        init(parsing url: String) {
            do {
                let parsed = try DeepLinkURL(url)
                let query = Dictionary(
                    parsed.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
                #expect(query.count == parsed.query.count, "each name once")
                self = .parts(keys: parsed.keys, query: query)
            } catch {
                self = error.code == .undecodable ? .undecodable : .malformed
            }
        }
    }

    @Test(arguments: [
        "app://items/3", "APP://Items/3", "app://items/%2533", "app://items/a%2Fb", "app://items/%C3%A9",
        "app://items/%FF", "app://items?q=%FF", "app://h/a//b/", "app://user:pw@host:8080/p?x=1&x=2&y#frag",
        "app://host:80a/p", "app://[::1]/p", "app://[v1.x]/p", "app://[::1/p", "app://h%41st/p", "app://%FF/p",
        "app://h st/p", "app://é/p", "app://items/é", "app://items/a b", "app://items/%G1", "app://items/%2",
        "1app://h", "a+b.c-d://h", "-app://h", "app:/h", "app:h", "app://", "app://?q", "app://#f", "app://h?",
        "app://h?&&=&a==b", "app://h?q=a+b", "app://h?a/b?c", "app://h#a#b", "app://h#%", "app://h/p#x/y?z",
        "app://h/[x]", "app://h/:@!$&'()*+,;=", "app://h?[", "app://h:", "app://@h", "app://u@@h", "",
        "not a url", "%%%", "app://h/\u{7F}", "app://h/\t", "app://h/{}", "app://h/|", "app://h/^", "app://h/`",
        "app://h/\"", "app://h/<>", "app://h/\\",
    ])
    func readsWhatURLComponentsReads(url: String) {
        #expect(Reading(parsing: url) == Reading(reference: url), "\(url)")
    }

    @Test func readsWhatURLComponentsReadsOnThousandsOfGeneratedURLs() {
        let schemes = ["app", "A+b.c-1", "1app", "", "-x", "app:", "app:/", "ht tp"]
        let hosts = [
            "host", "HoSt", "h%41", "[::1]", "[v1.x]", "user:pw@host", "host:80", "host:8a", "", "%FF", "h st",
            "é", "u@h", "h:", "[", "%4", "a.b-c_d~e", "!$&'()*+,;=",
        ]
        let pieces = [
            "a", "%2F", "%", "%G1", "%C3%A9", "%FF", ":", "@", "!", "[", "]", " ", "é", "/", "//", "?", "=",
            "&", "#", "+", "%25", "~", "{", "\\", "\u{0}", "Z",
        ]
        // Seeded, so that a failure reproduces.
        var generator = Xoshiro(seed: (0xC0DE, 1, 2, 3))
        var disagreements: [String] = []
        for _ in 0..<5_000 {
            var url =
                schemes[Int.random(in: 0..<schemes.count, using: &generator)] + "://"
                + hosts[Int.random(in: 0..<hosts.count, using: &generator)]
            for _ in 0..<Int.random(in: 0..<8, using: &generator) {
                url += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            if Reading(parsing: url) != Reading(reference: url) { disagreements.append(url) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    /// A port no socket can have makes the URL malformed: `items:99999999999/2` opened item 2.
    @Test(arguments: ["app://items:99999999999/2", "app://h:65536/p", "app://h:000000065536/p"])
    func aPortBeyond65535IsMalformed(url: String) {
        #expect(throws: DeepLinkError.malformedURL(url: url)) { try DeepLinkMatcher<Int>().resolve(url) }
    }

    @Test func aPortUpTo65535IsRead() throws {
        var links = DeepLinkMatcher<Int>()
        links.register("app://h/:id") { p in try p.int("id") }
        #expect(try links.resolve("app://h:65535/2") == 2)
    }
}
