import Conductor
import ConductorInspector
import Foundation
import Testing

/// Text an attacker would type into the app hoping the exported test compiles it as code (issue 22, S2): raw-string
/// interpolation, multi-line and raw delimiters, comment ends, NUL, line breaks Swift and editors honour, terminal
/// escapes, bidirectional overrides, and characters whose canonical equivalents must not be swapped in. Written as
/// ordinary, escaped literals, so that this file itself interpolates nothing.
let hostilePayloads: [String] = [
    "\\#(try! String(contentsOfFile: \"/etc/passwd\"))",
    "\\##(fatalError())",
    "\\(fatalError())",
    "\\\\(fatalError())",
    "\"\"\"",
    "\"\"\"\n}\n@Test func injected() { fatalError() }\n\"\"\"",
    "\"#",
    "#\"",
    "#\"\\#(\"# + \"x\")\"#",
    "*/ fatalError() /*",
    "/* unterminated",
    "\u{0}after NUL",
    "line\nbreak\rcarriage\u{2028}separator\u{2029}paragraph\u{85}next\u{0B}vtab\u{0C}feed",
    "\u{1B}[2J\u{1B}]0;title\u{07}",
    "\u{202E}evil\u{202C} \u{2066}isolate\u{2069}",
    "e\u{301} vs \u{E9}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{FEFF}\u{FFFF}\u{10FFFF}",
    "\u{7F}\u{80}\u{9F}\t",
    "a" + String(repeating: "\u{301}", count: 50),
    "",
]

/// Reads the string literals of Swift source as the compiler would, and refuses what an export must never hold: a
/// raw (`#"`) or multi-line (`"""`) literal, an interpolation, an unknown escape, a literal across lines.
enum LiteralReader {
    enum Problem: Error, Equatable {
        case rawLiteral(line: Int)
        case multiLineLiteral(line: Int)
        case interpolation(line: Int)
        case unknownEscape(line: Int)
        case unterminated(line: Int)
    }

    static func literals(in source: String) throws(Problem) -> [String] {
        let scalars = Array(source.unicodeScalars)
        var literals: [String] = []
        var index = 0
        var line = 1
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        while let scalar = at(0) {
            if scalar == "\n" { line += 1 }
            if scalar == "#", at(1) == "\"" { throw .rawLiteral(line: line) }
            guard scalar == "\"" else {
                index += 1
                continue
            }
            if at(1) == "\"", at(2) == "\"" { throw .multiLineLiteral(line: line) }
            index += 1
            var value = String.UnicodeScalarView()
            while true {
                guard let character = at(0), character != "\n", character != "\r" else {
                    throw .unterminated(line: line)
                }
                if character == "\"" {
                    index += 1
                    break
                }
                guard character == "\\" else {
                    value.append(character)
                    index += 1
                    continue
                }
                guard let escape = at(1) else { throw .unterminated(line: line) }
                index += 2
                switch escape {
                case "\\": value.append("\\")
                case "\"": value.append("\"")
                case "'": value.append("'")
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "0": value.append("\u{0}")
                case "(": throw .interpolation(line: line)
                case "u":
                    guard at(0) == "{" else { throw .unknownEscape(line: line) }
                    index += 1
                    var hex = ""
                    while let digit = at(0), digit != "}" {
                        hex.unicodeScalars.append(digit)
                        index += 1
                    }
                    index += 1
                    guard (1...8).contains(hex.count), let code = UInt32(hex, radix: 16),
                        let decoded = Unicode.Scalar(code)
                    else { throw .unknownEscape(line: line) }
                    value.append(decoded)
                default: throw .unknownEscape(line: line)
                }
            }
            literals.append(String(value))
        }
        return literals
    }
}

/// Whether every character is printable ASCII or a line feed: no NUL, CR, U+2028, bidirectional override or other
/// character an editor or the compiler could read differently from how it looks.
func isPrintableASCIILines(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) || $0 == "\n" }
}

@MainActor
struct TestExportTests {
    @Test(arguments: hostilePayloads)
    func aLiteralReadsBackAsExactlyTheTextItWasMadeFrom(payload: String) throws {
        let literal = TestExport.literal(payload)
        #expect(isPrintableASCIILines(literal) && !literal.contains("\n"))
        let read = try LiteralReader.literals(in: literal)
        // Scalar by scalar: String's == would take a canonically equivalent text for the same.
        #expect(read.map { Array($0.unicodeScalars) } == [Array(payload.unicodeScalars)])
    }

    @Test func theReaderRefusesWhatTheOldRawLiteralsLetThrough() {
        #expect(throws: LiteralReader.Problem.rawLiteral(line: 1)) {
            try LiteralReader.literals(in: "let x = #\"\\#(run())\"#")
        }
        #expect(throws: LiteralReader.Problem.interpolation(line: 1)) {
            try LiteralReader.literals(in: "let x = \"\\(run())\"")
        }
        #expect(throws: LiteralReader.Problem.multiLineLiteral(line: 2)) {
            try LiteralReader.literals(in: "let x = 1\nlet y = \"\"\"\n")
        }
    }

    @Test func anExportedTestHoldsTheAppsDataOnlyAsLiteralsThatReadBackExactly() throws {
        let session = try InspectorSession()
        let store = Store(state: Counter(), reducer: counterReducer)
        session.watch(
            store, name: "counter", test: TestExport(module: "ConductorInspectorTests", reducer: "counterReducer"))
        let intents = hostilePayloads.map(CounterIntent.note) + [.increment]
        for intent in intents { store.send(intent) }

        let source = try session.exportTest()

        #expect(isPrintableASCIILines(source))
        #expect(!source.contains("#\"") && !source.contains("\"\"\""))
        let literals = try LiteralReader.literals(in: source)
        // The store's name in the doc comment, the initial state, then each step's intent and state.
        try #require(literals.count == 2 + 2 * intents.count)
        #expect(literals[0] == "counter")
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Counter.self, from: Data(literals[1].utf8)) == Counter())
        var expected = Counter()
        for (index, intent) in intents.enumerated() {
            _ = counterReducer(&expected, intent)
            let exportedIntent = try decoder.decode(CounterIntent.self, from: Data(literals[2 + 2 * index].utf8))
            let exportedState = try decoder.decode(Counter.self, from: Data(literals[3 + 2 * index].utf8))
            if case .note(let sent) = intent, case .note(let exported) = exportedIntent {
                #expect(Array(exported.unicodeScalars) == Array(sent.unicodeScalars), "step \(index + 1)")
            } else {
                #expect(exportedIntent == intent, "step \(index + 1)")
            }
            #expect(exportedState == expected, "step \(index + 1)")
        }
        // One line per step, and the template's lines around them: no payload added a line of its own.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 22 + intents.count)
        #expect(lines.filter { $0.hasPrefix("        (\"") }.count == intents.count)
    }

    @Test func aHostileStoreNameBecomesALiteralInTheCommentAndAnIdentifierInTheName() throws {
        let name = "x\n}\n@Test func injected() { fatalError() } // \u{202E}"
        let session = try InspectorSession()
        let store = Store(state: Counter(), reducer: counterReducer)
        session.watch(store, name: name, test: TestExport(module: "ConductorInspectorTests", reducer: "counterReducer"))
        store.send(.increment)

        let source = try session.exportTest()

        #expect(isPrintableASCIILines(source))
        let identifier = TestExport.identifier(name)
        #expect(TestExport.isIdentifier(identifier) && identifier.hasPrefix("x____Test_func_injected"))
        #expect(source.contains("@Test func replaysTheInspectedSession_\(identifier)() async throws {"))
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 23)  // as for any store: the name added no line
        #expect(!lines.contains { $0.hasPrefix("@Test func injected") })
        let literals = try LiteralReader.literals(in: source)
        #expect(literals.first.map { Array($0.unicodeScalars) } == Array(name.unicodeScalars))
    }

    @Test(arguments: [
        TestExport(module: "ConductorInspectorTests; import Evil", reducer: "counterReducer"),
        TestExport(module: "ConductorInspectorTests", reducer: "{ _, _ in [] }"),
        TestExport(module: "ConductorInspectorTests", reducer: "counterReducer)\nfatalError("),
        TestExport(module: "ConductorInspectorTests", reducer: "counterReducer", testName: "a() {}\nfunc b"),
        TestExport(module: "", reducer: "counterReducer"),
        TestExport(module: "ConductorInspectorTests", reducer: "Reducers..counter"),
    ])
    func namesThatAreNotIdentifiersAreRefusedNotWritten(export: TestExport) throws {
        let session = try InspectorSession()
        let store = Store(state: Counter(), reducer: counterReducer)
        session.watch(store, name: "counter", test: export)
        store.send(.increment)
        #expect {
            try session.exportTest()
        } throws: { error in
            (error as? InspectorError)?.code == .cannotExportTest
        }
    }

    @Test func aDottedReducerAndTheReflectedTypeNamesAreAccepted() {
        #expect(TestExport.isIdentifierPath("Reducers.counter"))
        #expect(TestExport.isTypeName(String(reflecting: Counter.self)))
        #expect(TestExport.isTypeName("Swift.Dictionary<Swift.String, Swift.Array<Swift.Int>>"))
        #expect(!TestExport.isTypeName("Module.(unknown context at $10b2c4).State"))
        #expect(!TestExport.isTypeName("Swift.Int); fatalError(\"\""))
    }
}
