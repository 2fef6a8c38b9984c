internal import IssueReporting

/// A parsed command identifier: `{prefix.}Name{(arguments)}`, such as `menu.Open("id": "3")`.
///
/// ## Grammar
///
/// ```text
/// identifier := (segment ".")* segment arguments?
/// segment    := [A-Za-z0-9_-]+
/// arguments  := "(" ws (argument ws ("," ws argument ws)*)? ")"
/// argument   := key ws ":" ws value
/// key        := string | word
/// value      := string | number | "true" | "false" | word
/// string     := '"' JSON string characters and escapes '"'
/// number     := "-"? digits ("." digits)? (("e" | "E") ("+" | "-")? digits)?
///                                       -> an Int without fraction or exponent and in range, else a Double
/// word       := [A-Za-z0-9_.-]+         -> text (the "plain" form)
/// ws         := (" " | tab | newline)*
/// ```
///
/// The dotted prefix is kept in ``prefix`` but does not take part in finding the command: `button.Open`,
/// `menu.file.Open` and `Open` all name `Open`. Arguments may be written in the seed's JSON form,
/// `Open("id": "3", "focus": true)`, or in the plain form it wished for, `Open(id: 3, focus: true)`; both yield
/// typed ``CommandValue``s. A key may appear once. A word that is not a number by the rule above — `0xFF`, `.5`,
/// `1.`, `nan`, `inf` — is text; a number too large for a `Double` (`1e400`) is an error.
///
/// The limit, ``maximumLength``, applies to the ``canonical`` form, so that the canonical form of every identifier
/// that parses parses too; the text as written may be longer (a prefix, whitespace, `\u` escapes), up to
/// `maximumTextLength` bytes. It holds for every identifier parsed: the name alone — the canonical form of `Open`
/// and of `Open()` — is checked as soon as it is read, and each argument as it is read.
///
/// Every malformed identifier throws a ``CommandIdentifierError`` with the position where parsing stopped.
public struct CommandIdentifier: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The longest identifier accepted: the length of its ``canonical`` form, in Unicode scalars. A name longer
    /// than this is refused whether or not arguments follow it.
    public static let maximumLength = 4_096
    /// The longest text accepted, in UTF-8 bytes, whatever it holds: longer text is refused before it is scanned.
    /// Four times the most bytes a canonical form of ``maximumLength`` scalars can take.
    package static let maximumTextLength = 16 * maximumLength

    /// The identifier as written.
    public let text: String
    /// The dotted prefix segments, such as `["menu", "file"]`; they do not affect which command runs.
    public let prefix: [String]
    /// The command's name, such as `Open`.
    public let name: String
    /// The arguments by key.
    public let arguments: [String: CommandValue]
    /// The argument keys in the order written.
    package let argumentKeys: [String]

    /// Whether the arguments say `"skipValidation": true`.
    var skipsValidation: Bool { arguments["skipValidation"]?.boolValue ?? false }

    /// Parses an identifier.
    /// - Throws: ``CommandIdentifierError`` with the position of the problem.
    public init(parsing text: String) throws(CommandIdentifierError) {
        let parsed = try IdentifierParser.parse(text)
        self.text = text
        prefix = parsed.prefix
        name = parsed.name
        arguments = parsed.arguments
        argumentKeys = parsed.keys
    }

    /// Parses an identifier from bytes, such as a line read from a file.
    /// - Throws: ``CommandIdentifierError`` — ``CommandIdentifierError/Kind/invalidUTF8`` at the first bad byte.
    public init(parsing bytes: some Collection<UInt8>) throws(CommandIdentifierError) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var text = ""
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                text.unicodeScalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput: break decoding
            case .error:
                throw CommandIdentifierError(.invalidUTF8, at: offset, in: text)
            }
        }
        try self.init(parsing: text)
    }

    /// Creates an identifier from its parts, without parsing.
    public init(name: String, prefix: [String] = [], arguments: [(String, CommandValue)] = []) {
        let head = (prefix + [name]).joined(separator: ".")
        let list = arguments.map { "\($0.0.quotedForIdentifier): \($0.1)" }.joined(separator: ", ")
        self.text = arguments.isEmpty ? head : "\(head)(\(list))"
        self.prefix = prefix
        self.name = name
        self.arguments = Dictionary(arguments, uniquingKeysWith: { first, _ in first })
        self.argumentKeys = arguments.map(\.0)
    }

    /// The identifier without its prefix, arguments in the seed's JSON form: `Open("id": "3")`.
    public var canonical: String {
        guard !argumentKeys.isEmpty else { return name }
        let list = argumentKeys.compactMap { key in arguments[key].map { "\(key.quotedForIdentifier): \($0)" } }
        return "\(name)(\(list.joined(separator: ", ")))"
    }

    /// The identifier as written.
    public var description: String { text }

    /// An identifier written in code, such as `"menu.Open(id: 3)"`, parsed as ``init(parsing:)-(String)`` parses it.
    ///
    /// A literal that does not parse is a mistake in the program, not in its input: it is reported through
    /// IssueReporting's `reportIssue` (a runtime warning in the app, a failure in tests), and the identifier names
    /// the literal as written, so performing it fails as an unknown command. Text that arrives at run time goes
    /// through the throwing ``init(parsing:)-(String)``.
    public init(stringLiteral text: String) {
        do { try self.init(parsing: text) } catch {
            reportIssue(
                "\(error.description) Correct the identifier literal; parse text that arrives at run time "
                    + "with the throwing CommandIdentifier(parsing:).")
            self.init(name: text)
        }
    }
}
