/// How to write a watched store's session as a Swift Testing test: the module that declares the store's types, and
/// the reducer, as Swift code.
///
/// ```swift
/// inspector.watch(store, name: "app", test: TestExport(module: "MyAppKit", reducer: "appReducer"))
/// ```
///
/// The test decodes the session's initial state and intents from JSON, sends each intent to a `TestStore` and
/// asserts the state after it — so the state must be `Codable` and `Equatable`, and the intents `Codable`.
///
/// ## What the exported file can contain
///
/// The app's data — the states and intents, whatever text they hold — is written only inside ordinary string
/// literals (`"…"`) in which every `\` is written `\\`, every `"` is written `\"`, and every character outside
/// printable ASCII (newlines, NUL, terminal escapes, bidirectional overrides, any non-ASCII letter) is written as a
/// `\u{…}` escape. Such a literal has no raw delimiter (`#`), cannot end early, cannot span lines and cannot
/// interpolate: the test reads back exactly the JSON the inspector wrote, and no text of the app's is ever compiled as
/// code. The other names written into the file — `module`, `reducer`, `testName`, the store's and its types'
/// names — must be Swift identifiers (dotted for the reducer and the types); anything else is refused with
/// ``InspectorError/Code/cannotExportTest`` rather than written.
public struct TestExport: Sendable {
    /// The module to import with `@testable import`, which declares the state, the intents and the reducer: an ASCII
    /// Swift identifier.
    package var module: String
    /// The reducer, as Swift code: a function's name, such as `appReducer`, or a dotted path to one
    /// (`AppReducer.reduce`), in ASCII identifiers.
    package var reducer: String
    /// The test function's name: an ASCII Swift identifier. The store's name is appended to it.
    package var testName: String

    /// A test description.
    public init(module: String, reducer: String, testName: String = "replaysTheInspectedSession") {
        self.module = module
        self.reducer = reducer
        self.testName = testName
    }

    /// One store's test function.
    /// - Throws: ``InspectorError/Code/cannotExportTest`` when a name to be written as code is not one.
    func function(
        store: String, stateType: String, intentType: String, initial: String, steps: [(intent: String, state: String)]
    ) throws(InspectorError) -> String {
        try checkNames(stateType: stateType, intentType: intentType)
        var lines = [
            "/// The session of store \(Self.literal(store)): \(steps.count) intent(s), each with the state it led to.",
            "@MainActor",
            "@Test func \(testName)_\(Self.identifier(store))() async throws {",
            "    let decoder = JSONDecoder()",
            "    let initialState = try decoder.decode(\(stateType).self, from: Data(\(Self.literal(initial)).utf8))",
            "    let store = TestStore(initialState: initialState, reducer: \(reducer))",
            "    // No effect handler: the session's effects ran in the app, and the intents they sent back are steps too.",
            "    let steps: [(intent: String, state: String)] = [",
        ]
        for step in steps { lines.append("        (\(Self.literal(step.intent)), \(Self.literal(step.state))),") }
        lines += [
            "    ]",
            "    for step in steps {",
            "        let intent = try decoder.decode(\(intentType).self, from: Data(step.intent.utf8))",
            "        let expected = try decoder.decode(\(stateType).self, from: Data(step.state.utf8))",
            "        await store.send(intent) { $0 = expected }",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n")
    }

    /// The imports every exported function needs.
    func imports() -> [String] { ["@testable import \(module)"] }

    /// A whole test file.
    static func file(_ sources: [(imports: [String], function: String)]) -> String {
        let imports = Set(["import ConductorTesting", "import Foundation", "import Testing"])
            .union(sources.flatMap(\.imports)).sorted()
        return "// Exported by Conductor Inspector: each watched store's session, replayed with TestStore.\n"
            + imports.joined(separator: "\n") + "\n\n" + sources.map(\.function).joined(separator: "\n\n") + "\n"
    }

    // MARK: Writing data as code

    /// An ordinary Swift string literal whose value is exactly `text`, written in printable ASCII: `\` as `\\`, `"` as
    /// `\"`, and every other character outside U+0020…U+007E as `\u{…}`. It has no raw delimiter, one line, and no
    /// `\(`, so nothing in `text` can end it, interpolate into it or become code.
    package static func literal(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: result += #"\\"#
            case 0x22: result += #"\""#
            case 0x20...0x7E: result.unicodeScalars.append(scalar)
            default: result += #"\u{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result + "\""
    }

    /// `store` as the tail of a Swift identifier: ASCII letters and digits kept, everything else `_`.
    package static func identifier(_ store: String) -> String {
        var result = ""
        for scalar in store.unicodeScalars { result.unicodeScalars.append(isIdentifierScalar(scalar) ? scalar : "_") }
        return result
    }

    /// Refuses to write anything but identifiers where the file expects code.
    private func checkNames(stateType: String, intentType: String) throws(InspectorError) {
        let problems = [
            Self.isIdentifier(module) ? nil : "the module \(Self.literal(module)) is not a Swift identifier",
            Self.isIdentifierPath(reducer) ? nil : "the reducer \(Self.literal(reducer)) is not a function's name",
            Self.isIdentifier(testName) ? nil : "the test name \(Self.literal(testName)) is not a Swift identifier",
            Self.isTypeName(stateType) ? nil : "the state type \(Self.literal(stateType)) cannot be named in a test",
            Self.isTypeName(intentType) ? nil : "the intent type \(Self.literal(intentType)) cannot be named in a test",
        ].compactMap { $0 }
        guard problems.isEmpty else {
            throw InspectorError(
                .cannotExportTest,
                "The test cannot be exported: " + problems.joined(separator: "; ")
                    + ". Give TestExport ASCII Swift identifiers, and watch a store whose state and intent types "
                    + "are declared at the top level of a module (or nested in such types), not privately or in a "
                    + "function.")
        }
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        default: return false
        }
    }

    /// An ASCII identifier: a letter or `_`, then letters, digits and `_`.
    package static func isIdentifier(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first, !(0x30...0x39).contains(first.value) else { return false }
        return text.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    /// Identifiers joined by `.`: `appReducer`, `AppReducer.reduce`.
    package static func isIdentifierPath(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier($0) }
    }

    /// A type's name as `String(reflecting:)` writes it for a type a test can name: dotted identifiers, with generic
    /// arguments (`<`, `>`, `,`, spaces), arrays, dictionaries and optionals (`[`, `]`, `:`, `?`). A private or local
    /// type's name holds `(unknown context at $…)` and is refused.
    package static func isTypeName(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        var word = ""
        for scalar in text.unicodeScalars {
            if isIdentifierScalar(scalar) {
                word.unicodeScalars.append(scalar)
                continue
            }
            guard ".<>, []:?".unicodeScalars.contains(scalar) else { return false }
            if !word.isEmpty, !isIdentifier(word) { return false }
            word = ""
        }
        return word.isEmpty || isIdentifier(word)
    }
}
