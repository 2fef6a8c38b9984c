/// A registered pattern that writes URLs back: its keys (scheme, host, segments, `:name` for a parameter), whether it
/// ends in `*`, and the function that gives a link's parameters when the pattern prints that link.
struct DeepLinkPrinter<Link>: Sendable {
    let pattern: String
    let keys: [String]
    let wildcard: Bool
    let parameters: @Sendable (Link) -> [String: String]?

    /// The URL of `link` by this pattern, or `nil` when the pattern does not print it or a parameter it needs is
    /// missing or empty.
    func url(for link: Link) -> String? {
        guard var values = parameters(link) else { return nil }
        var url = keys[0] + "://"
        if keys.count > 1 { url += keys[1] }
        for key in keys.dropFirst(2) {
            if key.hasPrefix(":") {
                guard let value = values.removeValue(forKey: String(key.dropFirst())), !value.isEmpty else {
                    return nil
                }
                url += "/" + Self.encode(value)
            } else {
                url += "/" + Self.encode(key)
            }
        }
        if wildcard, let rest = values.removeValue(forKey: "*"), !rest.isEmpty {
            // Segments as they are; a value with an empty segment (`/x`, `x/`, `a//b`, `/`), which a URL's path cannot
            // keep, as one segment with its slashes encoded — resolving gives the same text back either way, as the
            // handler joins `rest` with `/`.
            let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
            if segments.contains(where: \.isEmpty) {
                url += "/" + Self.encode(rest)
            } else {
                for segment in segments { url += "/" + Self.encode(String(segment)) }
            }
        }
        if !values.isEmpty {
            url +=
                "?"
                + values.sorted { $0.key < $1.key }.map { Self.encode($0.key) + "=" + Self.encode($0.value) }
                .joined(separator: "&")
        }
        return url
    }

    /// The path of this pattern as an `apple-app-site-association` component: literal segments decoded (the system
    /// matches the path it opens decoded), a parameter as `*`, a final `*` as `*` — or `nil` when a literal segment
    /// holds `*` or `?`, which the file reads as wildcards (it has no escape for them): the component would claim
    /// URLs the app does not resolve.
    var associatedDomainPath: String? {
        var path = ""
        for key in keys.dropFirst(2) {
            if key.hasPrefix(":") {
                path += "/*"
                continue
            }
            // Literal keys are kept decoded (DeepLinkMatcher.parsePattern).
            if key.contains("*") || key.contains("?") { return nil }
            path += "/" + key
        }
        if wildcard { path += "/*" }
        return path.isEmpty ? "/" : path
    }

    /// `text` percent-encoded so that it is one path segment or query part: every byte but RFC 3986's unreserved
    /// characters (`A-Z a-z 0-9 - . _ ~`) as `%XX`.
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
