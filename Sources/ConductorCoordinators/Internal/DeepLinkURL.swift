/// A URL split into what a deep link matches — the scheme, the host, the path segments, each percent-decoded
/// once — and its query items, read straight from the URL's UTF-8 bytes by RFC 3986's generic syntax.
///
/// Strict: a byte RFC 3986 does not allow where it stands (a space, a raw non-ASCII character, a `%` not followed by
/// two hex digits, a second `#`) makes the URL malformed. `URLComponents(string:)` instead re-encodes a component
/// that holds one — every `%` in it included, so that `a%2Fb é` would read as `a%2Fb é`, not `a/b é` — which is
/// exactly the decoding ambiguity the matcher refuses. On every URL RFC 3986 allows, both read the same parts (a test
/// compares them on thousands of generated and hostile URLs); this costs a tenth as much: one pass over the bytes, a
/// table lookup per byte, no intermediate string for a part without a `%`.
///
/// ```text
/// URI       = scheme ":" "//" authority path-abempty [ "?" query ] [ "#" fragment ]
/// authority = [ userinfo "@" ] host [ ":" port ]
/// ```
package struct DeepLinkURL {
    /// The scheme and host, lowercased, then the path segments; empty segments are left out.
    package var keys: [String] = []
    /// The query items by name, the first of each name.
    /// The query items, each name once: the first, when the URL repeats one.
    package var query: [DeepLinkItem] = []

    /// An empty URL, for the parser to fill.
    fileprivate init() {}

    /// Parses `url`.
    /// - Throws: ``DeepLinkError/malformedURL(url:)`` when it breaks RFC 3986 or has no scheme or no host, and
    ///   ``DeepLinkError/undecodable(url:part:)`` when a part does not decode to UTF-8 text.
    package init(_ url: String) throws(DeepLinkError) {
        self = try Parser(Array(url.utf8), url).parse()
    }
}

/// The byte classes of RFC 3986, one bit each, for a lookup per byte.
private enum ByteClass {
    static let unreserved: UInt8 = 1  // ALPHA DIGIT - . _ ~
    static let subDelimiter: UInt8 = 2  // ! $ & ' ( ) * + , ; =
    static let scheme: UInt8 = 4  // ALPHA DIGIT + - .
    static let hexDigit: UInt8 = 8
    static let digit: UInt8 = 16

    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        func mark(_ characters: String, _ bit: UInt8) { for byte in characters.utf8 { table[Int(byte)] |= bit } }
        let alpha = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let digits = "0123456789"
        mark(alpha + digits + "-._~", unreserved)
        mark("!$&'()*+,;=", subDelimiter)
        mark(alpha + digits + "+-.", scheme)
        mark(digits + "abcdefABCDEF", hexDigit)
        mark(digits, digit)
        return table
    }()
}

private struct Parser {
    let bytes: [UInt8]
    let url: String
    let table: [UInt8]

    init(_ bytes: [UInt8], _ url: String) {
        self.bytes = bytes
        self.url = url
        self.table = ByteClass.table
    }

    func has(_ byte: UInt8, _ bit: UInt8) -> Bool { table[Int(byte)] & bit != 0 }

    /// A byte allowed in a path segment (`pchar`, less the `%` handled by the caller).
    func isPathByte(_ byte: UInt8) -> Bool {
        has(byte, ByteClass.unreserved | ByteClass.subDelimiter) || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "@")
    }

    /// Whether `bytes[index]` starts a valid percent-encoded byte.
    func isEscape(at index: Int) -> Bool {
        index + 2 < bytes.count && has(bytes[index + 1], ByteClass.hexDigit)
            && has(bytes[index + 2], ByteClass.hexDigit)
    }

    func parse() throws(DeepLinkError) -> DeepLinkURL {
        var result = DeepLinkURL()
        let end = bytes.count
        // scheme ":" "//"
        var index = 0
        while index < end, has(bytes[index], ByteClass.scheme) { index += 1 }
        guard index > 0, has(bytes[0], ByteClass.unreserved), !has(bytes[0], ByteClass.digit),
            bytes[0] != UInt8(ascii: "-"), bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "_"),
            bytes[0] != UInt8(ascii: "~"), index + 2 < end, bytes[index] == UInt8(ascii: ":"),
            bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { throw .malformedURL(url: url) }
        let scheme = 0..<index
        index += 3

        // authority: up to "/", "?", "#" or the end.
        let authorityStart = index
        while index < end, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
            bytes[index] != UInt8(ascii: "#")
        {
            index += 1
        }
        let host = try hostRange(authorityStart..<index)
        guard !host.isEmpty else { throw .malformedURL(url: url) }
        // The parts are decoded once the whole URL is known to be well formed: a malformed URL is reported as
        // such, whatever its parts hold. This pass checks and counts; the decoding pass finds the parts again
        // (cheaper than keeping their ranges in arrays).
        var segmentCount = 0

        // path-abempty: segments of pchar separated by "/".
        let pathStart = index
        var segmentStart = index
        while index < end, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                if index > segmentStart { segmentCount += 1 }
                segmentStart = index + 1
            } else if byte == UInt8(ascii: "%") {
                guard isEscape(at: index) else { throw .malformedURL(url: url) }
                index += 2
            } else if !isPathByte(byte) {
                throw .malformedURL(url: url)
            }
            index += 1
        }
        if index > segmentStart { segmentCount += 1 }
        let path = pathStart..<index

        // query: pchar, "/" and "?", up to "#"; items separated by "&", names from values by the first "=".
        // An empty query ("app://h?") has no items.
        var query: Range<Int>?
        if index < end, bytes[index] == UInt8(ascii: "?"), index + 1 < end, bytes[index + 1] != UInt8(ascii: "#") {
            index += 1
            let queryStart = index
            while index < end, bytes[index] != UInt8(ascii: "#") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard isEscape(at: index) else { throw .malformedURL(url: url) }
                    index += 2
                } else if !isPathByte(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "?") {
                    throw .malformedURL(url: url)
                }
                index += 1
            }
            query = queryStart..<index
        }

        if index < end, bytes[index] == UInt8(ascii: "?") { index += 1 }
        // fragment: checked, not used.
        if index < end, bytes[index] == UInt8(ascii: "#") {
            index += 1
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard isEscape(at: index) else { throw .malformedURL(url: url) }
                    index += 2
                } else if !isPathByte(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "?") {
                    throw .malformedURL(url: url)
                }
                index += 1
            }
        }

        result.keys.reserveCapacity(2 + segmentCount)
        result.keys.append(lowercasedASCII(scheme))
        if !bytes[host].contains(UInt8(ascii: "%")) {
            result.keys.append(lowercasedASCII(host))  // a host's own bytes are ASCII (RFC 3986's reg-name)
        } else {
            let decodedHost = try decode(host)
            let isASCII = decodedHost.utf8.allSatisfy { $0 < 0x80 }
            result.keys.append(isASCII ? asciiLowercased(decodedHost) : decodedHost.lowercased())
        }
        var start = path.lowerBound
        for position in path where bytes[position] == UInt8(ascii: "/") {
            if position > start { result.keys.append(try decode(start..<position)) }
            start = position + 1
        }
        if path.upperBound > start { result.keys.append(try decode(start..<path.upperBound)) }
        if let query {
            result.query.reserveCapacity(bytes[query].reduce(1) { $1 == UInt8(ascii: "&") ? $0 + 1 : $0 })
            var seen: Set<String> = []
            var itemStart = query.lowerBound
            for position in query where bytes[position] == UInt8(ascii: "&") {
                try addItem(itemStart..<position, to: &result.query, seen: &seen)
                itemStart = position + 1
            }
            try addItem(itemStart..<query.upperBound, to: &result.query, seen: &seen)
        }
        return result
    }

    /// Adds a query item, `name=value` or `name` alone, unless an earlier item has its name: the first wins, and a
    /// later one's value is not even decoded. Names are compared one by one while they are few, then through
    /// `seen`, so that a URL of a thousand items costs no more than a thousand hashes.
    func addItem(
        _ item: Range<Int>,
        to query: inout [DeepLinkItem],
        seen: inout Set<String>
    ) throws(DeepLinkError) {
        let equals = item.first { bytes[$0] == UInt8(ascii: "=") }
        let name = try decode(item.lowerBound..<(equals ?? item.upperBound))
        if query.count < 16 {
            if query.contains(where: { $0.name == name }) { return }
        } else {
            if seen.isEmpty { seen = Set(query.map(\.name)) }
            guard seen.insert(name).inserted else { return }
        }
        query.append(
            DeepLinkItem(name: name, value: try decode((equals.map { $0 + 1 } ?? item.upperBound)..<item.upperBound)))
    }

    /// The host within the authority `[ userinfo "@" ] host [ ":" port ]`, after checking every part's bytes.
    func hostRange(_ authority: Range<Int>) throws(DeepLinkError) -> Range<Int> {
        var start = authority.lowerBound
        if let at = authority.last(where: { bytes[$0] == UInt8(ascii: "@") }) {
            // userinfo: unreserved, pct-encoded, sub-delims, ":"
            var index = start
            while index < at {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard isEscape(at: index) else { throw .malformedURL(url: url) }
                    index += 2
                } else if !has(byte, ByteClass.unreserved | ByteClass.subDelimiter) && byte != UInt8(ascii: ":") {
                    throw .malformedURL(url: url)
                }
                index += 1
            }
            start = at + 1
        }
        var index = start
        if index < authority.upperBound, bytes[index] == UInt8(ascii: "[") {
            // IP-literal: an IPv6 address or an IPvFuture (`v1.x`) between brackets — unreserved, sub-delims, ":".
            index += 1
            while index < authority.upperBound, bytes[index] != UInt8(ascii: "]") {
                let byte = bytes[index]
                guard has(byte, ByteClass.unreserved | ByteClass.subDelimiter) || byte == UInt8(ascii: ":") else {
                    throw .malformedURL(url: url)
                }
                index += 1
            }
            guard index < authority.upperBound else { throw .malformedURL(url: url) }
            index += 1
        } else {
            // reg-name: unreserved, pct-encoded, sub-delims.
            while index < authority.upperBound, bytes[index] != UInt8(ascii: ":") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard isEscape(at: index) else { throw .malformedURL(url: url) }
                    index += 2
                } else if !has(byte, ByteClass.unreserved | ByteClass.subDelimiter) {
                    throw .malformedURL(url: url)
                }
                index += 1
            }
        }
        let host = start..<index
        if index < authority.upperBound {
            // ":" port, digits only, and a port there can be (at most 65535): `items:99999999999/2` is no item's
            // link.
            guard bytes[index] == UInt8(ascii: ":") else { throw .malformedURL(url: url) }
            var port = 0
            for position in (index + 1)..<authority.upperBound {
                guard has(bytes[position], ByteClass.digit) else { throw .malformedURL(url: url) }
                port = port * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                guard port <= 65_535 else { throw .malformedURL(url: url) }
            }
        }
        return host
    }

    /// The bytes in `range`, percent-decoded once, as UTF-8 text.
    func decode(_ range: Range<Int>) throws(DeepLinkError) -> String {
        let part = bytes[range]  // a slice: a part without a `%` becomes text with no copy of its bytes first
        guard part.contains(UInt8(ascii: "%")) else { return String(decoding: part, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            if part[index] == UInt8(ascii: "%") {
                decoded.append(hexValue(part[index + 1]) << 4 | hexValue(part[index + 2]))
                index += 3
            } else {
                decoded.append(part[index])
                index += 1
            }
        }
        // Decoding replaces each ill-formed sequence with U+FFFD, so the text is the bytes' own exactly when they
        // were valid UTF-8. (`String(validating:as:)` says this in one call, but needs iOS 18 / macOS 15.)
        let text = String(decoding: decoded, as: UTF8.self)
        guard text.utf8.elementsEqual(decoded) else {
            throw .undecodable(url: url, part: String(decoding: part, as: UTF8.self))
        }
        return text
    }

    func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: byte - UInt8(ascii: "A") + 10
        }
    }

    func lowercasedASCII(_ range: Range<Int>) -> String {
        let part = bytes[range]
        guard part.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(decoding: part, as: UTF8.self)  // schemes are written in lowercase, as a rule
        }
        return String(
            decoding: part.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return text }
        return String(
            decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
            as: UTF8.self)
    }
}
