import ConductorCommands
import PropertyBased
import Testing

/// Properties of the identifier grammar over generated input.
struct CommandIdentifierPropertyTests {
    /// Characters that stress quoting: quotes, backslashes, controls, non-ASCII, combining marks, emoji.
    static let textCharacters: [Character] = Array(
        "aZ09 _-.:,()\"\\/\n\r\t\u{0}\u{1}\u{7F}é\u{301}€😀\u{FFFF}")
    static let wordCharacters: [Character] = Array("abcXYZ019_-.")

    /// Text made of `pool`'s characters, picked by generated indices.
    static func text(_ indices: [Int], _ pool: [Character]) -> String { String(indices.map { pool[$0 % pool.count] }) }

    /// A valid identifier from its parts, with values of every kind.
    static let identifiers = zip(
        Gen.int(in: 0...99).array(of: 1...6),
        zip(
            Gen.int(in: 0...99).array(of: 1...6),
            Gen.int(in: 0...4),
            Gen.int(),
            Gen.double(in: -1e12...1e12),
            Gen.int(in: 0...99).array(of: 0...8)
        ).array(of: 0...5)
    ).map { name, parts in
        var seen: Set<String> = []
        var arguments: [(String, CommandValue)] = []
        for (keyIndices, kind, int, double, textIndices) in parts {
            let key = text(keyIndices, textCharacters)
            guard seen.insert(key).inserted else { continue }
            let value: CommandValue =
                switch kind {
                case 0: .int(int)
                case 1: .double(double)
                case 2: .bool(int % 2 == 0)
                default: .string(text(textIndices, textCharacters))
                }
            arguments.append((key, value))
        }
        return CommandIdentifier(name: text(name, Array("abcXYZ019_-")), prefix: ["menu"], arguments: arguments)
    }

    @Test func parsingTheCanonicalFormIsTheIdentity() async {
        await propertyCheck(count: 500, input: Self.identifiers) { identifier in
            let parsed = try CommandIdentifier(parsing: identifier.canonical)
            #expect(parsed.name == identifier.name)
            #expect(parsed.arguments == identifier.arguments)
            #expect(parsed.argumentKeys == identifier.argumentKeys)
            #expect(try CommandIdentifier(parsing: parsed.canonical).canonical == parsed.canonical)
        }
    }

    @Test func theWrittenTextParsesToTheSameIdentifier() async {
        await propertyCheck(count: 300, input: Self.identifiers) { identifier in
            let parsed = try CommandIdentifier(parsing: identifier.text)
            #expect(parsed.prefix == ["menu"])
            #expect(parsed.arguments == identifier.arguments)
        }
    }

    /// Mangled identifiers: every input parses or throws an error positioned inside it, and whatever parses has a
    /// canonical form that parses to the same identifier.
    @Test func everyInputParsesOrThrowsAPositionedError() async {
        let grammarCharacters = Array("Open.(): ,\"\\u0aZ-_19e+ \t\n)(xé\u{301}")
        await propertyCheck(count: 1_000, input: Gen.int(in: 0...99).array(of: 0...24)) { indices in
            let text = Self.text(indices, grammarCharacters)
            let identifier: CommandIdentifier
            do throws(CommandIdentifierError) {
                identifier = try CommandIdentifier(parsing: text)
            } catch {
                #expect((0...text.count).contains(error.position))
                return
            }
            let again = try CommandIdentifier(parsing: identifier.canonical)
            #expect(again.arguments == identifier.arguments)
        }
    }

    @Test func everyNumberRoundTripsThroughItsCanonicalForm() async {
        await propertyCheck(count: 500, input: Gen.int(), Gen.double(in: -1e300...1e300)) { int, double throws in
            for value in [CommandValue.int(int), .double(double)] {
                let identifier = CommandIdentifier(name: "N", arguments: [("x", value)])
                #expect(try CommandIdentifier(parsing: identifier.canonical).arguments["x"] == value)
            }
        }
    }
}
