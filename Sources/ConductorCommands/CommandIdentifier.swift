/// A parsed command identifier: `{prefix.}Name{(arguments)}`, such as `menu.Open("id": "3")`.
///
/// ## Grammar
///
/// ```
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
/// ``maximumTextLength`` bytes. It holds for every identifier parsed: the name alone — the canonical form of `Open`
/// and of `Open()` — is checked as soon as it is read, and each argument as it is read.
///
/// Every malformed identifier throws a ``CommandIdentifierError`` with the position where parsing stopped.
public struct CommandIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The longest identifier accepted: the length of its ``canonical`` form, in Unicode scalars. A name longer
    /// than this is refused whether or not arguments follow it.
    public static let maximumLength = 4_096
    /// The longest text accepted, in UTF-8 bytes, whatever it holds: longer text is refused before it is scanned.
    /// Four times the most bytes a canonical form of ``maximumLength`` scalars can take.
    public static let maximumTextLength = 16 * maximumLength

    /// The identifier as written.
    public var text: String { storage.text }
    /// The dotted prefix segments, such as `["menu", "file"]`; they do not affect which command runs.
    public var prefix: [String] { storage.prefix }
    /// The command's name, such as `Open`.
    public var name: String { storage.name }
    /// The arguments by key.
    public var arguments: [String: CommandValue] { storage.arguments }
    /// The argument keys in the order written.
    public var argumentKeys: [String] { storage.argumentKeys }
    /// Whether the arguments say `"skipValidation": true`, worked out once rather than on every perform.
    var skipsValidation: Bool { storage.skipsValidation }

    private let storage: Storage

    /// The parts, shared by every copy: an identifier is copied into each context a perform fills and into the
    /// manager's caches, and one reference costs a fraction of five.
    private final class Storage: Sendable {
        let text: String
        let prefix: [String]
        let name: String
        let arguments: [String: CommandValue]
        let argumentKeys: [String]
        let skipsValidation: Bool

        init(text: String, prefix: [String], name: String, arguments: [String: CommandValue], keys: [String]) {
            self.text = text
            self.prefix = prefix
            self.name = name
            self.arguments = arguments
            self.argumentKeys = keys
            self.skipsValidation = arguments.isEmpty ? false : arguments["skipValidation"]?.boolValue ?? false
        }
    }

    /// Parses an identifier.
    /// - Throws: ``CommandIdentifierError`` with the position of the problem.
    public init(parsing text: String) throws(CommandIdentifierError) {
        let parsed = try IdentifierParser.parse(text)
        storage = Storage(
            text: text, prefix: parsed.prefix, name: parsed.name, arguments: parsed.arguments, keys: parsed.keys)
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
        storage = Storage(
            text: arguments.isEmpty ? head : "\(head)(\(list))",
            prefix: prefix,
            name: name,
            arguments: Dictionary(arguments, uniquingKeysWith: { first, _ in first }),
            keys: arguments.map(\.0)
        )
    }

    /// The identifier without its prefix, arguments in the seed's JSON form: `Open("id": "3")`.
    public var canonical: String {
        guard !argumentKeys.isEmpty else { return name }
        let list = argumentKeys.compactMap { key in arguments[key].map { "\(key.quotedForIdentifier): \($0)" } }
        return "\(name)(\(list.joined(separator: ", ")))"
    }

    /// The identifier as written.
    public var description: String { text }

    /// Identifiers are equal when their text, prefix, name and arguments are.
    public static func == (lhs: CommandIdentifier, rhs: CommandIdentifier) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.text == rhs.text && lhs.prefix == rhs.prefix && lhs.name == rhs.name
                && lhs.arguments == rhs.arguments && lhs.argumentKeys == rhs.argumentKeys)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(prefix)
        hasher.combine(name)
        hasher.combine(arguments)
        hasher.combine(argumentKeys)
    }
}
