/// What set off the work under way — a command, an action, a deep link, or an intent sent on its own — carried along
/// the work as a task-local value: through the actions and intents it sends, the effects they start (an effect's task
/// inherits it), the intents those feed back and the navigation all of it causes. Whatever records an event under
/// it — a logger, a signpost, the Inspector — can say why the event happened: "why is this screen showing?".
///
/// Causes begin only while someone observes them (``Causes/addObserver(_:)``): with no observer, sending and
/// performing cost nothing more.
///
/// ```swift
/// final class WhyLog: CauseObserver {
///     func causeDidBegin(_ cause: Cause) { print("began: \(cause)") }
///     func causeDidEnd(_ cause: Cause) {}
/// }
/// ```
public struct Cause: Sendable, Hashable, CustomStringConvertible {
    /// What kind of thing set the work off.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kind's name: `command`, `action`, `link` or `intent`.
        public let rawValue: String
        /// A kind with this name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A command performed through a `CommandManager`.
        public static let command = Kind(rawValue: "command")
        /// An action sent through an `ActionRouter`.
        public static let action = Kind(rawValue: "action")
        /// A deep link opened through a coordinator tree.
        public static let link = Kind(rawValue: "link")
        /// An intent sent to a store by nothing else under way (a screen's button, a timer).
        public static let intent = Kind(rawValue: "intent")

        /// The kind's name.
        public var description: String { rawValue }
    }

    /// The cause's number: distinct for every cause of the process, the same for every event the cause set off.
    public let trace: Int
    /// What kind of thing set the work off.
    public let kind: Kind
    /// What set it off: a command's identifier (`Save(title: "Milk")`), an action's type (`ShowItem`), a link
    /// (`conductor-demo://items/3`), an intent's case (`addItem`).
    public let name: String
    /// Where it was set off, when known: `ItemsScreen.swift:42` for a command performed there.
    public let location: String?

    /// A cause: what ``Causes/run(_:_:location:_:)`` makes, and what a test compares.
    public init(trace: Int, kind: Kind, name: String, location: String? = nil) {
        self.trace = trace
        self.kind = kind
        self.name = name
        self.location = location
    }

    /// The cause of the work under way, if one began (``Causes``).
    @TaskLocal public static var current: Cause?

    /// `command Save(title: "Milk") at ItemsScreen.swift:42`.
    public var description: String {
        let origin = "\(kind) \(name)"
        return location.map { "\(origin) at \($0)" } ?? origin
    }
}
