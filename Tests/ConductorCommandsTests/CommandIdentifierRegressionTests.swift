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
}
