/// What set off the work under way — a command, an action, a deep link, an intent sent on its own, or a navigation the
/// platform made on its own (a back swipe) — carried along
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
        /// The kind's name: `command`, `action`, `link`, `intent` or `platform`.
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
        /// A navigation the platform made on its own, by nothing else under way: a back button or swipe, a sheet
        /// swiped away, a tab tapped, a push the app made around its router.
        public static let platform = Kind(rawValue: "platform")

        /// The kind's name.
        public var description: String { rawValue }
    }

    /// The cause's number: distinct for every cause of the process, the same for every event the cause set off.
    public let trace: Int
    /// What kind of thing set the work off.
    public let kind: Kind
    /// How the name and the location are written: only when read, so that a cause no one reads the name of (a
    /// signpost's interval, the span of a tool that records nothing) costs no text.
    private let text: Text

    /// What set it off: a command's identifier (`Save(title: "Milk")`), an action's type (`ShowItem`), a link
    /// (`conductor-demo://items/3`), an intent's case (`addItem`). Written each time it is read.
    public var name: String { text.name() }
    /// Where it was set off, when known: `ItemsScreen.swift:42` for a command performed there.
    public var location: String? { text.location() }

    /// A cause: what a test compares (causes are equal when their trace and kind are).
    public init(trace: Int, kind: Kind, name: String, location: String? = nil) {
        self.init(trace: trace, kind: kind, name: { name }, location: { location })
    }

    /// A cause whose name and location are written each time they are read: what ``Causes`` makes, so that a cause
    /// whose text no one reads costs none.
    public init(
        trace: Int, kind: Kind, name: @escaping @Sendable () -> String,
        location: @escaping @Sendable () -> String?
    ) {
        self.trace = trace
        self.kind = kind
        self.text = Text(name: name, location: location)
    }

    /// The cause of the work under way, if one began (``Causes``).
    @TaskLocal public static var current: Cause?

    /// `command Save(title: "Milk") at ItemsScreen.swift:42`.
    public var description: String {
        let origin = "\(kind) \(name)"
        return location.map { "\(origin) at \($0)" } ?? origin
    }

    /// Causes are equal when their trace and kind are: one cause, however its text is written.
    public static func == (lhs: Cause, rhs: Cause) -> Bool { lhs.trace == rhs.trace && lhs.kind == rhs.kind }

    /// Hashes the trace and the kind.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(trace)
        hasher.combine(kind)
    }

    /// How a cause's name and location are written.
    private struct Text: Sendable {
        let name: @Sendable () -> String
        let location: @Sendable () -> String?
    }
}
