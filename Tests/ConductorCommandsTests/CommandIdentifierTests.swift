import ConductorCommands
import Testing

struct CommandIdentifierTests {
    @Test(arguments: ["Open", "button.Open", "menu.Open", "menu.file.Open", "some.other.thing.Open"])
    func anyDottedPrefixIsDiscardedFromTheName(text: String) throws {
        let identifier = try CommandIdentifier(parsing: text)
        #expect(identifier.name == "Open")
        #expect(identifier.prefix == Array(text.split(separator: ".").dropLast().map(String.init)))
    }

    @Test func aLiteralIsParsedAsItsTextIs() throws {
        let literal: CommandIdentifier = "menu.Open(id: 3)"
        #expect(literal == (try CommandIdentifier(parsing: "menu.Open(id: 3)")))
        #expect(literal.arguments["id"] == .int(3))
    }

    @Test func aMalformedLiteralIsReportedAndNamesItsText() {
        withKnownIssue {
            let literal: CommandIdentifier = "Open(id: 3"
            #expect(literal.name == "Open(id: 3" && literal.arguments.isEmpty)
        }
    }

    @Test func theSeedsJSONFormYieldsTypedArguments() throws {
        let identifier = try CommandIdentifier(parsing: #"menu.Open("id": "3", "n": 3, "x": 1.5, "focus": true)"#)
        #expect(identifier.arguments == ["id": .string("3"), "n": .int(3), "x": .double(1.5), "focus": .bool(true)])
        #expect(identifier.argumentKeys == ["id", "n", "x", "focus"])
        #expect(identifier.canonical == #"Open("id": "3", "n": 3, "x": 1.5, "focus": true)"#)
    }

    @Test func thePlainFormYieldsTypedArguments() throws {
        let identifier = try CommandIdentifier(parsing: "Open(key: value, n: -3, ok: false, path: a.b-c)")
        #expect(
            identifier.arguments == [
                "key": .string("value"), "n": .int(-3), "ok": .bool(false), "path": .string("a.b-c"),
            ])
    }

    @Test func stringsUnderstandJSONEscapes() throws {
        let identifier = try CommandIdentifier(parsing: #"Say(text: "a \"b\" \\ \n \u00e9 \ud83d\ude00")"#)
        #expect(identifier.arguments["text"] == .string("a \"b\" \\ \n é 😀"))
    }

    @Test func emptyArgumentListsAndWhitespaceAreAllowed() throws {
        #expect(try CommandIdentifier(parsing: "Open()").arguments.isEmpty)
        #expect(try CommandIdentifier(parsing: "Open( a : 1 ,\n b:2 )").arguments == ["a": .int(1), "b": .int(2)])
    }

    @Test(arguments: [
        ("", CommandIdentifierError.Kind.emptyName, 0),
        ("menu.", .emptyName, 5),
        (".Open", .emptyName, 0),
        ("Open(", .unbalancedParentheses, 5),
        ("Open(a: 1", .unbalancedParentheses, 9),
        ("Open)", .unbalancedParentheses, 4),
        ("Open(a: 1))", .unbalancedParentheses, 10),
        ("Open(a: (1))", .unexpectedCharacter("("), 8),
        ("Open(a 1)", .expectedColon, 7),
        ("Open(a:)", .expectedValue, 7),
        ("Open(a: 1, a: 2)", .duplicateKey("a"), 11),
        (#"Open("a": "x)"#, .unterminatedString, 10),
        (#"Open(a: "\q")"#, .invalidEscape, 9),
        (#"Open(a: "\u12")"#, .invalidEscape, 9),
        ("Open(a: 1) x", .trailingCharacters, 10),
        ("Op en", .unexpectedCharacter(" "), 2),
        ("Öffnen", .unexpectedCharacter("Ö"), 0),
        ("Open(a: 1; b: 2)", .unexpectedCharacter(";"), 9),
    ])
    func malformedIdentifiersReportTheKindAndPosition(
        text: String,
        kind: CommandIdentifierError.Kind,
        position: Int
    ) {
        #expect(throws: CommandIdentifierError(kind, at: position, in: text)) { try CommandIdentifier(parsing: text) }
    }

    @Test func aTenKilobyteIdentifierIsRejectedAsTooLongAfterTheArgumentThatPassesTheLimit() {
        let text = "Open(a: \"" + String(repeating: "x", count: 10_000) + "\")"
        #expect(throws: CommandIdentifierError(.tooLong(limit: 4_096), at: 10_010, in: text)) {
            try CommandIdentifier(parsing: text)
        }
    }

    @Test func aTextBeyondTheByteLimitIsRejectedBeforeItIsScanned() {
        let text = "Open" + String(repeating: " ", count: CommandIdentifier.maximumTextLength)
        #expect(throws: CommandIdentifierError(.tooLong(limit: 4_096), at: 65_536, in: text)) {
            try CommandIdentifier(parsing: text)
        }
    }

    @Test func invalidUTF8FromAFileIsReportedAtTheByte() throws {
        let bytes: [UInt8] = Array("Open(a: \"".utf8) + [0xFF, 0xFE] + Array("\")".utf8)
        #expect(throws: CommandIdentifierError(.invalidUTF8, at: 9, in: "Open(a: \"")) {
            try CommandIdentifier(parsing: bytes)
        }
        #expect(try CommandIdentifier(parsing: Array("Open".utf8)).name == "Open")
    }

    @Test func errorMessagesNameTheIdentifierAndThePosition() {
        let error = CommandIdentifierError(.unbalancedParentheses, at: 19, in: #"menu.Open("id": "3""#)
        #expect(
            error.description
                == #"Identifier 'menu.Open("id": "3"' is malformed at position 19: the parentheses do not balance; the argument list needs one '(' and one ')'."#
        )
        let long = CommandIdentifierError(.emptyName, at: 0, in: String(repeating: "a", count: 200))
        #expect(long.identifier == String(repeating: "a", count: 64) + "…")
    }

    @Test func identifiersBuiltFromPartsRoundTrip() throws {
        let built = CommandIdentifier(
            name: "Open", prefix: ["menu"], arguments: [("id", .int(3)), ("t", .string("a\"b"))])
        let parsed = try CommandIdentifier(parsing: built.text)
        #expect(parsed.arguments == built.arguments)
        #expect(parsed.prefix == ["menu"])
    }

    @Test func valuesConvert() {
        #expect(CommandValue.string("3").intValue == 3)
        #expect(CommandValue.double(2).intValue == 2)
        #expect(CommandValue.double(2.5).intValue == nil)
        #expect(CommandValue.int(2).doubleValue == 2)
        #expect(CommandValue.string("true").boolValue == true)
        #expect(CommandValue.int(1).boolValue == true)  // `1` and `0` read as Booleans, as in deep links
        #expect(CommandValue.int(2).boolValue == nil)
        #expect(CommandValue.bool(true).stringValue == "true")
    }
}

struct CommandIdentifierRoundTripTests {
    /// Found by the fuzzer: keys with quotes and control characters must survive the canonical form.
    @Test func theCanonicalFormEscapesKeysAndControlCharacters() throws {
        let text = #"H("\u0000h@\"\u0000=\r": "a\u0001b\u007f", "\\": x)"#
        let identifier = try CommandIdentifier(parsing: text)
        let again = try CommandIdentifier(parsing: identifier.canonical)
        #expect(again.arguments == identifier.arguments)
        #expect(again.argumentKeys == identifier.argumentKeys)
        #expect(identifier.canonical.contains(#"\u0000"#))
    }

    @Test(arguments: [1e300, -0.5, 12345678901234567890.0, Double.leastNonzeroMagnitude])
    func numbersSurviveTheCanonicalForm(value: Double) throws {
        let identifier = CommandIdentifier(name: "N", arguments: [("x", .double(value))])
        #expect(try CommandIdentifier(parsing: identifier.canonical).arguments["x"]?.doubleValue == value)
    }
}
