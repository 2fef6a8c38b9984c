internal import ConductorSupport

/// A recursive-descent parser for the grammar in ``CommandIdentifier``.
///
/// It scans UTF-8 bytes — every token of the grammar is ASCII, and scanning characters would pay for grapheme
/// breaking on every step — and converts a byte offset to a character position only to report an error. Plain
/// Swift: the bytes are an array, since identifiers are parsed at human speed.
struct IdentifierParser {
    private let text: String
    private let bytes: [UInt8]
    private var index = 0

    /// Whether the text is longer than ``CommandIdentifier/maximumTextLength`` bytes; it is then not scanned at all.
    private let isOversized: Bool
    /// The length of the canonical form parsed so far, in Unicode scalars: the limit applies to it, so that the
    /// canonical form of every identifier that parses parses too.
    private var canonicalLength = 0

    /// Parses `text`.
    static func parse(_ text: String) throws(CommandIdentifierError) -> Parsed {
        // Counting UTF-8 is O(1) for native strings; an oversized text is refused before it is copied or scanned.
        let isOversized = text.utf8.count > CommandIdentifier.maximumTextLength
        var parser = IdentifierParser(text: text, bytes: isOversized ? [] : Array(text.utf8), isOversized: isOversized)
        return try parser.parse()
    }

    private init(text: String, bytes: [UInt8], isOversized: Bool) {
        self.text = text
        self.bytes = bytes
        self.isOversized = isOversized
    }

    struct Parsed {
        var prefix: [String] = []
        var name = ""
        var arguments: [String: CommandValue] = [:]
        var keys: [String] = []
    }

    mutating func parse() throws(CommandIdentifierError) -> Parsed {
        if isOversized {
            let limit = CommandIdentifier.maximumTextLength
            let position = String(decoding: text.utf8.prefix(limit), as: UTF8.self).count
            throw CommandIdentifierError(.tooLong(limit: CommandIdentifier.maximumLength), at: position, in: text)
        }
        var parsed = Parsed()
        while true {
            let start = index
            let segment = readWhile(Self.isNameByte)
            guard !segment.isEmpty else {
                if let byte = peek, byte != UInt8(ascii: "("), byte != UInt8(ascii: ".") {
                    throw unexpected(at: index)
                }
                throw error(.emptyName, at: start)
            }
            // The last segment is the name; the ones before it, each followed by a dot, the prefix.
            guard peek == UInt8(ascii: ".") else {
                parsed.name = segment
                break
            }
            parsed.prefix.append(segment)
            index += 1
        }
        // The name alone is the canonical form of a bare identifier and of one with an empty argument list, so the
        // limit holds for it before any argument is read. Names are ASCII: a byte is a Unicode scalar.
        let limit = CommandIdentifier.maximumLength
        canonicalLength = parsed.name.utf8.count
        if canonicalLength > limit {
            // At the name's first character beyond the limit.
            throw error(.tooLong(limit: limit), at: index - canonicalLength + limit)
        }
        guard let next = peek else { return parsed }
        switch next {
        case UInt8(ascii: "("):
            index += 1
            try parseArguments(into: &parsed)
        case UInt8(ascii: ")"):
            throw error(.unbalancedParentheses, at: index)
        default:
            throw unexpected(at: index)
        }
        if let trailing = peek {
            throw error(trailing == UInt8(ascii: ")") ? .unbalancedParentheses : .trailingCharacters, at: index)
        }
        return parsed
    }

    private mutating func parseArguments(into parsed: inout Parsed) throws(CommandIdentifierError) {
        // Made with room for a few arguments: growing from empty would allocate twice for two.
        parsed.arguments = Dictionary(minimumCapacity: 4)
        parsed.keys.reserveCapacity(4)
        skipWhitespace()
        if peek == UInt8(ascii: ")") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            let keyStart = index
            let key = try parseKey()
            skipWhitespace()
            guard let colon = peek else { throw error(.unbalancedParentheses, at: index) }
            guard colon == UInt8(ascii: ":") else { throw error(.expectedColon, at: index) }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            // One hash: inserting returns what the key held before, which must be nothing.
            guard parsed.arguments.updateValue(value, forKey: key) == nil else {
                throw error(.duplicateKey(key), at: keyStart)
            }
            parsed.keys.append(key)
            // `, ` (for the first argument: `(` and `)`), the quoted key, `: `, the value.
            canonicalLength += 2 + Self.quotedLength(key) + 2 + Self.canonicalLength(of: value)
            if canonicalLength > CommandIdentifier.maximumLength {
                throw error(.tooLong(limit: CommandIdentifier.maximumLength), at: index)
            }
            skipWhitespace()
            guard let separator = peek else { throw error(.unbalancedParentheses, at: index) }
            switch separator {
            case UInt8(ascii: ")"):
                index += 1
                return
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "("):
                throw error(.unbalancedParentheses, at: index)
            default:
                throw unexpected(at: index)
            }
        }
    }

    private mutating func parseKey() throws(CommandIdentifierError) -> String {
        guard let first = peek else { throw error(.unbalancedParentheses, at: index) }
        if first == UInt8(ascii: "\"") { return try parseString() }
        let word = readWhile(Self.isWordByte)
        guard !word.isEmpty else {
            if first == UInt8(ascii: ")") || first == UInt8(ascii: "(") {
                throw error(.unbalancedParentheses, at: index)
            }
            throw unexpected(at: index)
        }
        return word
    }

    private mutating func parseValue() throws(CommandIdentifierError) -> CommandValue {
        guard let first = peek else { throw error(.unbalancedParentheses, at: index) }
        if first == UInt8(ascii: "\"") { return .string(try parseString()) }
        let start = index
        let token = readWhile { Self.isWordByte($0) || $0 == UInt8(ascii: "+") }
        guard !token.isEmpty else {
            if first == UInt8(ascii: ",") || first == UInt8(ascii: ")") { throw error(.expectedValue, at: index) }
            throw unexpected(at: index)
        }
        switch token {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        switch Self.numberShape(bytes[start..<index]) {
        case .whole:
            // Read as deep-link parameters are (`TypedText`).
            if let int = TypedText.int(token) { return .int(int) }
            // Whole but beyond `Int`: a Double, as JSON readers do.
            guard let double = Double(token), double.isFinite else { throw error(.numberOutOfRange, at: start) }
            return .double(double)
        case .fractional:
            guard let double = Double(token), double.isFinite else { throw error(.numberOutOfRange, at: start) }
            return .double(double)
        case .notANumber:
            break
        }
        if let plus = token.utf8.firstIndex(of: UInt8(ascii: "+")) {
            throw error(
                .unexpectedCharacter("+"), at: start + token.utf8.distance(from: token.utf8.startIndex, to: plus))
        }
        return .string(token)
    }

    private mutating func parseString() throws(CommandIdentifierError) -> String {
        let start = index
        index += 1
        // Without escapes, the common case, the string is the bytes between the quotes.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var result = Array(bytes[index..<end])
        index = end
        while let byte = peek {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escape = peek else { throw error(.unterminatedString, at: start) }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): result.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): result.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"): result.append(contentsOf: String(try parseUnicodeEscape(at: index - 2)).utf8)
                default: throw error(.invalidEscape, at: index - 2)
                }
            default:
                result.append(byte)
            }
        }
        throw error(.unterminatedString, at: start)
    }

    /// Reads the four hex digits after `\u` (and a low surrogate after a high one).
    private mutating func parseUnicodeEscape(at start: Int) throws(CommandIdentifierError) -> Unicode.Scalar {
        let high = try readHex4(escapeAt: start)
        if (0xD800...0xDBFF).contains(high) {
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error(.invalidEscape, at: start)
            }
            index += 2
            let low = try readHex4(escapeAt: start)
            guard (0xDC00...0xDFFF).contains(low) else { throw error(.invalidEscape, at: start) }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw error(.invalidEscape, at: start) }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error(.invalidEscape, at: start) }
        return scalar
    }

    private mutating func readHex4(escapeAt start: Int) throws(CommandIdentifierError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(.invalidEscape, at: start) }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape, at: start)
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    // MARK: Scanning

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func readWhile(_ accept: (UInt8) -> Bool) -> String {
        let start = index
        while let byte = peek, accept(byte) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { isNameByte(byte) || byte == UInt8(ascii: ".") }

    /// What a value token is under the grammar's `number := '-'? digits ('.' digits)? (('e'|'E') ('+'|'-')? digits)?`.
    enum NumberShape { case whole, fractional, notANumber }

    /// Checks a token against the number rule byte by byte: `Double(String)` alone would also accept `0xFF`,
    /// `.5`, `1.`, `nan` and `inf`, which the grammar makes words.
    static func numberShape(_ token: ArraySlice<UInt8>) -> NumberShape {
        var index = token.startIndex
        let end = token.endIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func digits() -> Bool {
            let start = index
            while index < end, isDigit(token[index]) { index += 1 }
            return index > start
        }
        if index < end, token[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() else { return .notANumber }
        var whole = true
        if index < end, token[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return .notANumber }
            whole = false
        }
        if index < end, token[index] == UInt8(ascii: "e") || token[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, token[index] == UInt8(ascii: "+") || token[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return .notANumber }
            whole = false
        }
        guard index == end else { return .notANumber }
        return whole ? .whole : .fractional
    }

    // MARK: Canonical length

    /// The length, in Unicode scalars, of `text` quoted as the canonical form quotes it (`quotedForIdentifier`).
    static func quotedLength(_ text: String) -> Int {
        // Through the contiguous bytes: iterating the UTF-8 view checks the string's form at every step.
        text.utf8.withContiguousStorageIfAvailable(quotedLength) ?? quotedLength(Array(text.utf8))
    }

    private static func quotedLength(_ bytes: some Collection<UInt8>) -> Int {
        var length = 2
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: length += 2
            case 0x00..<0x20, 0x7F: length += 6
            case 0x80..<0xC0: break  // a continuation byte: its scalar was counted at its lead byte
            default: length += 1
            }
        }
        return length
    }

    /// The length, in Unicode scalars, of a value in the canonical form (``CommandValue/description``).
    static func canonicalLength(of value: CommandValue) -> Int {
        switch value {
        case .string(let text): return quotedLength(text)
        case .bool(let bool): return bool ? 4 : 5
        case .int(let int):
            var length = int < 0 ? 2 : 1
            var rest = int / 10
            while rest != 0 {
                length += 1
                rest /= 10
            }
            return length
        case .double(let double): return String(double).utf8.count
        }
    }

    // MARK: Errors

    /// The character position of a byte offset: the number of characters before it.
    private func position(of offset: Int) -> Int {
        String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count
    }

    private func error(_ kind: CommandIdentifierError.Kind, at offset: Int) -> CommandIdentifierError {
        CommandIdentifierError(kind, at: position(of: offset), in: text)
    }

    /// An unexpected-character error for the character that starts at `offset`.
    private func unexpected(at offset: Int) -> CommandIdentifierError {
        let character = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self).first ?? "?"
        return error(.unexpectedCharacter(character), at: offset)
    }
}
