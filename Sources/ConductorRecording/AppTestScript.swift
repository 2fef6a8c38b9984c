internal import ConductorSupport
public import Foundation

/// A recorded session as a test of the whole app: each command the user performed, with what it must cause — the
/// intents the store processes, the state after them, the navigation, the deep links and how they ended.
///
/// The Inspector exports one (`InspectorSession.exportAppTest(store:)`, the page's *Export app test*);
/// `ConductorTesting`'s `AppTest` performs its commands again against the app's own command manager, store and
/// coordinators — headless — and reports every difference. Values are JSON text, so the script is readable in a
/// review and does not depend on the app's types.
///
/// Written by hand, a script is this JSON: `version`, the `store`'s name (as the app test names it), its
/// `initialState` as JSON text, the `initialNavigation` (a saved `NavigationTree` as JSON text, optional), and the
/// `steps`. A step has a `command` (an identifier, as performed), an `openedLink` (a URL the system opened;
/// `command` names it in reports, such as `(link)`), a `platform` navigation (a back swipe, a tab tapped: what the
/// platform did, with the `navigation` it left) or an `action` (sent outside any command, with the `sends` it made and
/// the `navigation` it left); what it must cause — `intents` (each the JSON of an intent, as its
/// `Codable` form writes it), the `state` after them, the `navigation` after it, the `links` it opened with their
/// `outcome` — and the `failure` it must end with, if any. Only `command` is required; a key left out is
/// expected empty (`intents`, `links`) or is not checked (`state`, `navigation`, `failure` in the non-exhaustive mode).
///
/// ```json
/// {
///   "version": 2,
///   "store": "app",
///   "initialState": "{\"items\":[]}",
///   "steps": [
///     {
///       "command": "Save(\"title\": \"Milk\")",
///       "intents": ["{\"addItem\":{\"_0\":\"Milk\"}}", "{\"itemAdded\":{\"_0\":{\"id\":1,\"title\":\"Milk\"}}}"],
///       "state": "{\"items\":[{\"id\":1,\"title\":\"Milk\"}]}"
///     },
///     { "command": "(link)", "openedLink": "myapp://items/1" }
///   ]
/// }
/// ```
public struct AppTestScript: Codable, Sendable, Equatable {
    /// The version of the format this library writes and reads. Format 2 added ``Step/openedLink``; format 3
    /// ``Step/sends`` and ``appVersion`` (a flight recorder's report); format 4 ``Step/platform``; format 5
    /// ``Step/action``; scripts of the earlier formats are still read.
    public static let formatVersion = 5

    /// The largest script ``read(_:maximumBytes:maximumSteps:)`` reads by default: 16 MiB.
    public static let maximumBytes = 16 << 20
    /// The most steps ``read(_:maximumBytes:maximumSteps:)`` reads by default.
    public static let maximumSteps = 20_000

    /// One command the user performed — or a link the system opened — and what it caused.
    public struct Step: Codable, Sendable, Equatable {
        /// The command's identifier, as performed: `Save("title": "Milk")`; for a step that opened a link or sent
        /// intents, a name for it in reports, such as `(link)`.
        public var command: String
        /// Intents the app sent to the store itself in this step — from a screen's button, a timer, an action outside
        /// any command — each as JSON, in order: `AppTest` sends them (instead of a command), waiting for the effects
        /// of each. Their effects' answers are not here: the app's effects send them again.
        public var sends: [String]
        /// The URL of a deep link the system opened in this step — at launch, from a notification, Handoff or
        /// another app — instead of a command: `AppTest` opens it as the app does (its `openLink`).
        public var openedLink: String?
        /// What the platform did on its own in this step — `back in items`, `tab settings`, `sheet dismissed in
        /// items` — instead of a command: `AppTest` brings the coordinator tree to the step's ``navigation``, as the
        /// platform did.
        public var platform: String?
        /// The action a screen or a flow sent in this step outside any command — `ShowItem` — instead of a command:
        /// `AppTest` sends the step's ``sends``, if any, then brings the coordinator tree to the step's
        /// ``navigation``, as the action did. What bringing it there makes the app send (a flow that sends as it
        /// starts) is dropped: a flight recorder's report holds what the action sent, its flows' included, in the
        /// step of sends before this one.
        public var action: String?
        /// Why it failed, when it did (the error's description); `nil` when it was performed.
        public var failure: String?
        /// The intents the command caused, in order — those its effects fed back included — each as JSON.
        public var intents: [String]
        /// The store's state after them, as JSON; `nil` when the command caused no intent.
        public var state: String?
        /// The state before them, as JSON, for the non-exhaustive mode (which checks only what changed).
        public var stateBefore: String?
        /// The coordinator tree after the command (a `NavigationTree` as JSON): the Inspector writes the tree in
        /// effect when the next command began. `nil` when none was recorded; an exhaustive `AppTest` then expects the
        /// tree the step found.
        public var navigation: String?
        /// The deep links the command opened, in order.
        public var links: [Link]

        /// Encodes a step, leaving out what is empty or absent.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(command, forKey: .command)
            try container.encodeIfPresent(openedLink, forKey: .openedLink)
            try container.encodeIfPresent(platform, forKey: .platform)
            try container.encodeIfPresent(action, forKey: .action)
            if !sends.isEmpty { try container.encode(sends, forKey: .sends) }
            try container.encodeIfPresent(failure, forKey: .failure)
            if !intents.isEmpty { try container.encode(intents, forKey: .intents) }
            try container.encodeIfPresent(state, forKey: .state)
            try container.encodeIfPresent(stateBefore, forKey: .stateBefore)
            try container.encodeIfPresent(navigation, forKey: .navigation)
            if !links.isEmpty { try container.encode(links, forKey: .links) }
        }

        private enum CodingKeys: String, CodingKey {
            case command, openedLink, platform, action, sends, failure, intents, state, stateBefore, navigation, links
        }

        /// Decodes a step; `intents`, `sends` and `links` left out are empty, as a hand-written step leaves them.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            command = try container.decode(String.self, forKey: .command)
            openedLink = try container.decodeIfPresent(String.self, forKey: .openedLink)
            platform = try container.decodeIfPresent(String.self, forKey: .platform)
            action = try container.decodeIfPresent(String.self, forKey: .action)
            sends = try container.decodeIfPresent([String].self, forKey: .sends) ?? []
            failure = try container.decodeIfPresent(String.self, forKey: .failure)
            intents = try container.decodeIfPresent([String].self, forKey: .intents) ?? []
            state = try container.decodeIfPresent(String.self, forKey: .state)
            stateBefore = try container.decodeIfPresent(String.self, forKey: .stateBefore)
            navigation = try container.decodeIfPresent(String.self, forKey: .navigation)
            links = try container.decodeIfPresent([Link].self, forKey: .links) ?? []
        }

        /// A step.
        public init(
            command: String, openedLink: String? = nil, platform: String? = nil, action: String? = nil,
            sends: [String] = [],
            failure: String? = nil, intents: [String] = [], state: String? = nil, stateBefore: String? = nil,
            navigation: String? = nil, links: [Link] = []
        ) {
            self.command = command
            self.openedLink = openedLink
            self.platform = platform
            self.action = action
            self.sends = sends
            self.failure = failure
            self.intents = intents
            self.state = state
            self.stateBefore = stateBefore
            self.navigation = navigation
            self.links = links
        }
    }

    /// A deep link a step opened, and how it ended.
    public struct Link: Codable, Sendable, Equatable {
        /// The link, as opened.
        public var url: String
        /// `taken`, or the error's description (kept for later, refused, malformed).
        public var outcome: String

        /// A link and its outcome.
        public init(url: String, outcome: String) {
            self.url = url
            self.outcome = outcome
        }
    }

    /// The format version the script was written with.
    public var version: Int
    /// The version of the app that wrote it (a flight recorder's report says it), for a reader of the report.
    public var appVersion: String?
    /// The name of the store the intents and states are of.
    public var store: String
    /// The store's state before the first step, as JSON.
    public var initialState: String
    /// The coordinator tree before the first step (a `NavigationTree` as JSON), when one was watched.
    public var initialNavigation: String?
    /// The commands, in the order they were performed.
    public var steps: [Step]

    /// A script in this library's format.
    public init(
        store: String, initialState: String, initialNavigation: String? = nil, steps: [Step],
        appVersion: String? = nil
    ) {
        self.version = Self.formatVersion
        self.appVersion = appVersion
        self.store = store
        self.initialState = initialState
        self.initialNavigation = initialNavigation
        self.steps = steps
    }

    /// Decodes a script, refusing one written by a newer format (`DecodingError.dataCorrupted`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try FormatVersion.decode(
            .version, in: container, current: Self.formatVersion, what: "The app test was written")
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        store = try container.decode(String.self, forKey: .store)
        initialState = try container.decode(String.self, forKey: .initialState)
        initialNavigation = try container.decodeIfPresent(String.self, forKey: .initialNavigation)
        steps = try container.decode([Step].self, forKey: .steps)
    }

    /// Reads a script or a report that arrived from outside — a bug report, a file — refusing what it cannot trust
    /// before it decodes it whole: more than `maximumBytes`, text that is not UTF-8 JSON (a truncated or corrupted
    /// report), a newer format, more than `maximumSteps` steps, a step with neither a command name nor anything to do.
    /// Nesting deeper than the JSON reader allows is refused by it.
    /// - Throws: ``RecordingError/Code/invalidReport``, saying why; nothing else changes.
    public static func read(
        _ data: Data, maximumBytes: Int = AppTestScript.maximumBytes, maximumSteps: Int = AppTestScript.maximumSteps
    ) throws(RecordingError) -> AppTestScript {
        guard data.count <= maximumBytes else {
            throw .invalidReport("it is larger than \(maximumBytes) bytes, the most read (maximumBytes)")
        }
        guard String(data: data, encoding: .utf8) != nil else { throw .invalidReport("it is not UTF-8 text") }
        // The version first, so that a newer report says so rather than why a newer field does not decode.
        struct Versioned: Decodable { let version: Int? }
        if let version = (try? JSONDecoder().decode(Versioned.self, from: data))?.version, version > formatVersion {
            throw .invalidReport(
                "it was written by a newer app test format (\(version)); this library reads up to \(formatVersion)")
        }
        struct Counted: Decodable {
            let steps: [Skipped]
            struct Skipped: Decodable { init(from decoder: any Decoder) throws {} }
        }
        if let counted = try? JSONDecoder().decode(Counted.self, from: data), counted.steps.count > maximumSteps {
            throw .invalidReport(
                "it has \(counted.steps.count) steps, more than the \(maximumSteps) read (maximumSteps)")
        }
        do { return try JSONDecoder().decode(AppTestScript.self, from: data) } catch {
            throw .invalidReport(Recording.reason(error))
        }
    }
}
