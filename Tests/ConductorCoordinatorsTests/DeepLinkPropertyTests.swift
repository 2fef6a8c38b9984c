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
}
