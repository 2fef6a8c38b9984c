import ConductorCommands
import Testing

/// Inputs that were once parsed wrongly; each failed before its fix.
struct CommandIdentifierRegressionTests {
    /// A few base letters carrying thousands of combining marks: under 4,096 characters but far more bytes than the
    /// parser once looked at, so that whatever followed its cut-off was ignored.
    @Test(arguments: [" trailing junk", ")", ", evil: 1)"])
    func junkAfterManyCombiningMarksIsNeverIgnored(junk: String) {
        // The valid part ends exactly at the old cut-off, 4 × 4,096 + 4 bytes: 10 + 2 × 8,188 + 2.
        let marks = String(repeating: "\u{0301}", count: 8_188)
        let valid = "Open(a: \"e" + marks + "\")"
        #expect(valid.utf8.count == 4 * 4_096 + 4)
        let text = valid + junk
        #expect(throws: CommandIdentifierError.self) { try CommandIdentifier(parsing: text) }
    }

    @Test func anIdentifierWhoseCharactersAreFewButBytesManyIsParsedWhole() throws {
        let value = "e" + String(repeating: "\u{0301}", count: 2_000)
        let identifier = try CommandIdentifier(parsing: "Open(a: \"\(value)\")")
        #expect(identifier.arguments["a"] == .string(value))
    }

    /// Quoting, separators and `\u00XX` escapes once made the canonical form of a valid identifier too long to
    /// parse.
    @Test(arguments: [
        "A(k: \"" + String(repeating: "\\u0000", count: 700) + "\")",
        "A(" + (0..<587).map { "k\($0):1" }.joined(separator: ",") + ")",
        "A(k: \"" + String(repeating: "\\u0001", count: 682) + "\")",
    ])
    func theCanonicalFormOfEveryValidIdentifierParses(text: String) throws {
        guard let identifier = try? CommandIdentifier(parsing: text) else { return }
        let again = try CommandIdentifier(parsing: identifier.canonical)
        #expect(again.arguments == identifier.arguments)
        #expect(again.argumentKeys == identifier.argumentKeys)
    }

    @Test func anIdentifierWhoseCanonicalFormIsTooLongIsRejected() {
        let text = "A(k: \"" + String(repeating: "\\u0000", count: 700) + "\")"
        #expect {
            try CommandIdentifier(parsing: text)
        } throws: { error in
            guard case .tooLong? = (error as? CommandIdentifierError)?.kind else { return false }
            return true
        }
    }

    @Test func intMinIsAnInt() throws {
        let identifier = try CommandIdentifier(parsing: "N(x: \(Int.min), y: \(Int.max))")
        #expect(identifier.arguments["x"] == .int(.min))
        #expect(identifier.arguments["y"] == .int(.max))
    }

    /// The grammar's numbers are JSON's: `-`? digits, an optional fraction, an optional exponent. Anything else made
    /// of word characters is a word, which is text.
    @Test(arguments: [
        ("0xFF0000", CommandValue.string("0xFF0000")),
        ("0x1p3", .string("0x1p3")),
        (".5", .string(".5")),
        ("1.", .string("1.")),
        ("-0", .int(0)),
        ("-0.0", .double(-0.0)),
        ("nan", .string("nan")),
        ("inf", .string("inf")),
        ("-inf", .string("-inf")),
        ("1e5", .double(1e5)),
        ("1E-5", .double(1e-5)),
        ("1e+5", .double(1e5)),
        ("2.50", .double(2.5)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("1-2", .string("1-2")),
        ("1e", .string("1e")),
        ("1.2.3", .string("1.2.3")),
        ("--1", .string("--1")),
    ])
    func numbersFollowTheWrittenGrammar(token: String, value: CommandValue) throws {
        #expect(try CommandIdentifier(parsing: "N(x: \(token))").arguments["x"] == value)
    }

    @Test func aNumberBeyondDoubleIsAPositionedError() {
        #expect(throws: CommandIdentifierError(.numberOutOfRange, at: 5, in: "N(x: 1e400)")) {
            try CommandIdentifier(parsing: "N(x: 1e400)")
        }
    }

    @Test(arguments: [
        CommandValue.int(.min), .int(.max), .int(0), .double(-0.0), .double(1e16), .double(3.0), .double(0.1),
        .double(.leastNonzeroMagnitude), .double(-.greatestFiniteMagnitude), .string(""), .string("1"), .string("true"),
        .string("a\u{0}b"), .bool(false),
    ])
    func canonicalFormsRoundTripEveryValue(value: CommandValue) throws {
        let identifier = CommandIdentifier(name: "N", arguments: [("x", value)])
        let parsed = try CommandIdentifier(parsing: identifier.canonical)
        #expect(parsed.arguments["x"] == value)
        if case .double(let double) = value, case .double(let again)? = parsed.arguments["x"] {
            #expect(double.sign == again.sign)
        }
    }

    // MARK: The length rule for every identifier

    /// The limit was once checked only after an argument, so a name alone of any length parsed: 4,097 and 10,240
    /// characters, and 5,000 with an empty argument list. The name is the canonical form of each; it is refused at
    /// its first character beyond the limit.
    @Test(arguments: [
        (String(repeating: "A", count: 4_097), 4_096),
        (String(repeating: "A", count: 10_240), 4_096),
        (String(repeating: "A", count: 5_000) + "()", 4_096),
        (String(repeating: "A", count: 5_000) + "(id: 1)", 4_096),
        ("menu.file." + String(repeating: "A", count: 4_097), 4_106),
    ])
    func aNameLongerThanTheLimitIsRefusedWhateverFollowsIt(text: String, position: Int) {
        let expected = CommandIdentifierError(.tooLong(limit: CommandIdentifier.maximumLength), at: position, in: text)
        #expect(throws: expected) { try CommandIdentifier(parsing: text) }
    }

    @Test func aNameOfExactlyTheLimitParsesAndSoDoesItsCanonicalForm() throws {
        let name = String(repeating: "A", count: CommandIdentifier.maximumLength)
        for text in [name, name + "()", "menu." + name] {
            let identifier = try CommandIdentifier(parsing: text)
            #expect(identifier.name == name)
            #expect(try CommandIdentifier(parsing: identifier.canonical).name == name)
        }
        #expect(throws: CommandIdentifierError.self) { try CommandIdentifier(parsing: name + "(a: 1)") }
    }

    /// The manager's `unknownCommand` message once quoted all 10,240 characters of the name it was given.
    @Test @MainActor func aLongIdentifierIsQuotedAsAShortPrefixInEveryMessage() async {
        let manager = CommandManager()
        let long = String(repeating: "A", count: 10_240)
        let excerpt = String(repeating: "A", count: 64) + "…"
        await #expect {
            try await manager.perform(identifier: long)
        } throws: { error in
            guard let error = error as? CommandError, error.code == .malformedIdentifier else { return false }
            return error.description.contains("'\(excerpt)'") && error.description.count < 300
        }
        let messages = [
            CommandError.unknownCommand(identifier: CommandIdentifier(name: long), known: [long]).description,
            CommandError.missingArgument(identifier: CommandIdentifier(name: long), key: long).description,
            CommandError.invalidArgument(identifier: "Open", key: "id", value: long, expected: "a number").description,
            CommandError.notAllowed(identifier: CommandIdentifier(name: long), state: .inactive, reason: nil)
                .description,
            CommandIdentifierError(.duplicateKey(long), at: 0, in: long).description,
        ]
        for message in messages {
            #expect(message.contains(excerpt))
            #expect(!message.contains(String(repeating: "A", count: 65)))
        }
    }

    /// One letter carrying thousands of combining marks is one character: a prefix counted in characters once kept
    /// all of it.
    @Test func aMessageExcerptCountsUnicodeScalarsNotCharacters() {
        let text = "e" + String(repeating: "\u{0301}", count: 10_000)
        let error = CommandIdentifierError(.emptyName, at: 0, in: text)
        #expect(error.identifier.unicodeScalars.count == 65)
        #expect(error.identifier.hasSuffix("…"))
        let unknown = CommandError.unknownCommand(identifier: CommandIdentifier(name: text), known: []).description
        #expect(unknown.unicodeScalars.count < 150)
    }
}
