/// Why an identifier string could not be parsed, with the position (in characters, from 0) where parsing stopped.
///
/// ```text
/// Identifier 'menu.Open("id": "3"' is malformed at position 19: the argument list is not closed; add ')'.
/// ```
public struct CommandIdentifierError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// The identifier, or its command name, is empty.
        case emptyName
        /// A character that cannot appear here.
        case unexpectedCharacter(Character)
        /// A quoted string is not closed.
        case unterminatedString
        /// The argument list is not closed, or a `)` has no `(`.
        case unbalancedParentheses
        /// A key is not followed by `:`.
        case expectedColon
        /// A `:` is not followed by a value.
        case expectedValue
        /// A key appears twice in the argument list.
        case duplicateKey(String)
        /// A backslash escape in a quoted string is not valid JSON.
        case invalidEscape
        /// Characters follow the closing `)`.
        case trailingCharacters
        /// The identifier is longer than the limit: its canonical form has more than `limit` Unicode scalars, or its
        /// text more than `CommandIdentifier.maximumTextLength` bytes.
        case tooLong(limit: Int)
        /// The identifier's bytes are not valid UTF-8.
        case invalidUTF8
        /// A number is too large for a `Double`.
        case numberOutOfRange
    }

    /// What is wrong.
    public let kind: Kind
    /// Where parsing stopped, in characters from the start (for ``Kind/invalidUTF8``, in bytes).
    public let position: Int
    /// The identifier, shortened to its first 64 Unicode scalars and `…` when longer: a message quotes a prefix of a
    /// long identifier, never all of it.
    public let identifier: String

    /// Creates an error; the parser makes these.
    package init(_ kind: Kind, at position: Int, in identifier: String) {
        self.kind = kind
        self.position = position
        self.identifier = identifier.messageExcerpt
    }

    /// Says what is wrong, where, and how to fix it.
    public var description: String {
        let problem: String
        switch kind {
        case .emptyName: problem = "the command name is empty; write it as {prefix.}Name{(arguments)}"
        case .unexpectedCharacter(let character):
            problem = "'\(character)' cannot appear here; names use letters, digits, '_' and '-'"
        case .unterminatedString: problem = "a quoted string is not closed; add '\"'"
        case .unbalancedParentheses:
            problem = "the parentheses do not balance; the argument list needs one '(' and one ')'"
        case .expectedColon: problem = "a key must be followed by ':'"
        case .expectedValue: problem = "':' must be followed by a value (\"text\", a number, true, false or a word)"
        case .duplicateKey(let key): problem = "key '\(key.messageExcerpt)' appears twice; give each argument once"
        case .invalidEscape:
            problem = "a backslash escape is not valid; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
        case .trailingCharacters:
            problem = "characters follow the closing ')'; the argument list must end the identifier"
        case .tooLong(let limit):
            problem = "it is longer than \(limit) characters in canonical form; pass long text some other way"
        case .invalidUTF8: problem = "its bytes are not valid UTF-8"
        case .numberOutOfRange: problem = "the number is too large for a Double; quote it to pass it as text"
        }
        return "Identifier '\(identifier)' is malformed at position \(position): \(problem)."
    }
}

extension String {
    /// How many Unicode scalars of a text from the user a message quotes: ``messageExcerpt``.
    static let messageExcerptLength = 64

    /// The string for quoting in a message: its first ``messageExcerptLength`` Unicode scalars and `…` when it is
    /// longer, else the whole string. Counted in scalars, not characters, so that one letter carrying thousands of
    /// combining marks is cut too; reads only the scalars it keeps, whatever the string's length.
    var messageExcerpt: String {
        let scalars = unicodeScalars
        guard
            let end = scalars.index(
                scalars.startIndex, offsetBy: Self.messageExcerptLength, limitedBy: scalars.endIndex),
            end != scalars.endIndex
        else { return self }
        return String(scalars[..<end]) + "…"
    }
}
