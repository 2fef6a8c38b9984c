internal import Foundation

/// How to write a watched store's session as a Swift Testing test: the module that declares the store's types, and
/// the reducer, as Swift code.
///
/// ```swift
/// inspector.watch(store, name: "app", test: TestExport(module: "MyAppKit", reducer: "appReducer"))
/// ```
///
/// The test decodes the session's initial state and intents from JSON, sends each intent to a `TestStore` and
/// asserts the state after it — so the state must be `Codable` and `Equatable`, and the intents `Codable`.
public struct TestExport: Sendable {
    /// The module to import with `@testable import`, which declares the state, the intents and the reducer.
    public var module: String
    /// The reducer, as Swift code: a function's name, such as `appReducer`.
    public var reducer: String
    /// The test function's name.
    public var testName: String

    /// A test description.
    public init(module: String, reducer: String, testName: String = "replaysTheInspectedSession") {
        self.module = module
        self.reducer = reducer
        self.testName = testName
    }

    /// One store's test function.
    func function(
        store: String, stateType: String, intentType: String, initial: String, steps: [(intent: String, state: String)]
    ) -> String {
        var lines = [
            "/// The session of store '\(store)': \(steps.count) intent(s), each with the state it led to.",
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

    /// A raw string literal for `text`, with as many `#` as it needs.
    static func literal(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) { hashes += "#" }
        return "\(hashes)\"\(text)\"\(hashes)"
    }

    /// `store` as a Swift identifier: letters and digits kept, the rest `_`.
    static func identifier(_ store: String) -> String {
        String(store.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
