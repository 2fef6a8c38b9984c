/// A recursive-descent parser for the grammar in ``CommandIdentifier``, over characters so that error positions
/// count what a person sees.
struct IdentifierParser {
    private let text: String
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        self.text = text
        // Cap the work for a huge input: the length check below rejects it anyway.
        self.characters = Array(text.prefix(CommandIdentifier.maximumLength + 1))
    }

    struct Parsed {
        var prefix: [String] = []
        var name = ""
        var arguments: [String: CommandValue] = [:]
        var keys: [String] = []
    }

    mutating func parse() throws(CommandIdentifierError) -> Parsed {
        guard characters.count <= CommandIdentifier.maximumLength else {
            throw error(.tooLong(limit: CommandIdentifier.maximumLength), at: CommandIdentifier.maximumLength)
        }
        var parsed = Parsed()
        var segments: [String] = []
        while true {
            let start = index
            let segment = readWhile(Self.isNameCharacter)
            guard !segment.isEmpty else {
                if index < characters.count, characters[index] != "(", characters[index] != "." {
                    throw error(.unexpectedCharacter(characters[index]), at: index)
                }
                throw error(.emptyName, at: start)
            }
            segments.append(segment)
            guard peek == "." else { break }
            index += 1
        }
        parsed.name = segments.removeLast()
        parsed.prefix = segments
        guard let next = peek else { return parsed }
        switch next {
        case "(":
            index += 1
            try parseArguments(into: &parsed)
        case ")":
            throw error(.unbalancedParentheses, at: index)
        default:
            throw error(.unexpectedCharacter(next), at: index)
        }
        if let trailing = peek {
            throw error(trailing == ")" ? .unbalancedParentheses : .trailingCharacters, at: index)
        }
        return parsed
    }

    private mutating func parseArguments(into parsed: inout Parsed) throws(CommandIdentifierError) {
        skipWhitespace()
        if peek == ")" {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            let keyStart = index
            let key = try parseKey()
            skipWhitespace()
            guard let colon = peek else { throw error(.unbalancedParentheses, at: index) }
            guard colon == ":" else { throw error(.expectedColon, at: index) }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            guard parsed.arguments[key] == nil else { throw error(.duplicateKey(key), at: keyStart) }
            parsed.arguments[key] = value
            parsed.keys.append(key)
            skipWhitespace()
            guard let separator = peek else { throw error(.unbalancedParentheses, at: index) }
            index += 1
            switch separator {
            case ")": return
            case ",": continue
            case "(": throw error(.unbalancedParentheses, at: index - 1)
            default: throw error(.unexpectedCharacter(separator), at: index - 1)
            }
        }
    }

    private mutating func parseKey() throws(CommandIdentifierError) -> String {
        guard let first = peek else { throw error(.unbalancedParentheses, at: index) }
        if first == "\"" { return try parseString() }
        let word = readWhile(Self.isWordCharacter)
        guard !word.isEmpty else {
            throw error(first == ")" || first == "(" ? .unbalancedParentheses : .unexpectedCharacter(first), at: index)
        }
        return word
    }

    private mutating func parseValue() throws(CommandIdentifierError) -> CommandValue {
        guard let first = peek else { throw error(.unbalancedParentheses, at: index) }
        if first == "\"" { return .string(try parseString()) }
        let start = index
        let token = readWhile { Self.isWordCharacter($0) || $0 == "+" }
        guard !token.isEmpty else {
            if first == "," || first == ")" { throw error(.expectedValue, at: index) }
            throw error(.unexpectedCharacter(first), at: index)
        }
        switch token {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        if Self.looksNumeric(token) {
            if let int = Int(token) { return .int(int) }
            if let double = Double(token), double.isFinite { return .double(double) }
        }
        if token.contains("+") { throw error(.unexpectedCharacter("+"), at: start + token.count - 1) }
        return .string(token)
    }

    private mutating func parseString() throws(CommandIdentifierError) -> String {
        let start = index
        index += 1
        var result = ""
        while let character = peek {
            index += 1
            switch character {
            case "\"": return result
            case "\\":
                guard let escape = peek else { throw error(.unterminatedString, at: start) }
                index += 1
                switch escape {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "/": result.append("/")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "u": result.unicodeScalars.append(try parseUnicodeEscape(at: index - 2))
                default: throw error(.invalidEscape, at: index - 2)
                }
            default:
                result.append(character)
            }
        }
        throw error(.unterminatedString, at: start)
    }

    /// Reads the four hex digits after `\u` (and a low surrogate after a high one).
    private mutating func parseUnicodeEscape(at start: Int) throws(CommandIdentifierError) -> Unicode.Scalar {
        let high = try readHex4(escapeAt: start)
        if (0xD800...0xDBFF).contains(high) {
            guard peek == "\\", index + 1 < characters.count, characters[index + 1] == "u" else {
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
        guard index + 4 <= characters.count else { throw error(.invalidEscape, at: start) }
        let digits = String(characters[index..<index + 4])
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            throw error(.invalidEscape, at: start)
        }
        index += 4
        return value
    }

    // MARK: Scanning

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    private mutating func skipWhitespace() {
        while let character = peek, character == " " || character == "\t" || character == "\n" || character == "\r" {
            index += 1
        }
    }

    private mutating func readWhile(_ accept: (Character) -> Bool) -> String {
        let start = index
        while let character = peek, accept(character) { index += 1 }
        return String(characters[start..<index])
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        isNameCharacter(character) || character == "."
    }

    private static func looksNumeric(_ token: String) -> Bool {
        guard let first = token.first else { return false }
        return first.isNumber || (first == "-" && token.count > 1 && token.dropFirst().first?.isNumber == true)
            || (first == "." && token.count > 1)
    }

    private func error(_ kind: CommandIdentifierError.Kind, at position: Int) -> CommandIdentifierError {
        CommandIdentifierError(kind, at: position, in: text)
    }
}
