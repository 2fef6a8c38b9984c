/// What an ``AppTest`` found.
public struct AppTestReport: Sendable, Equatable {
    /// A way the app did not do what the session recorded.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// The step, from 1; 0 for the session's start.
        public let step: Int
        /// The step's command.
        public let command: String
        /// What differs: `result`, `intents`, `state` (or `state.items` in the non-exhaustive mode), `navigation`,
        /// `links`.
        public let what: String
        /// What the session recorded.
        public let expected: String
        /// What the app did.
        public let actual: String

        /// A readable account of the difference; when the step's command holds a redacted value (`redacted-…`), it
        /// says so: the app received the placeholder, not what the user typed.
        public var description: String {
            let redacted =
                command.contains("redacted-")
                ? "\n(The step's input was redacted in the report: the app was given the placeholder.)" : ""
            return
                "Step \(step) (\(command)): the \(what) differs from the recorded session.\nExpected:\n\(expected)\nActual:\n\(actual)\(redacted)"
        }
    }

    /// An empty report, for a variable a test fills.
    public init() {}

    /// How many steps were performed.
    public internal(set) var performed = 0
    /// Every difference, in the order found.
    public internal(set) var differences: [Difference] = []
}
