/// One thing the app did, as the inspector shows it: an action sent, a command performed or validated, an intent
/// and the state change it caused, an effect started or finished, the navigation after a change, a deep link.
///
/// Events travel to the page as JSON and are written, one per line, by the session's export.
package struct InspectorEvent: Codable, Sendable, Equatable {
    /// What an event is about.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// An action sent through a watched router.
        case action
        /// A command performed by a watched command manager.
        case command
        /// A command validated (menus and buttons ask often).
        case validation
        /// An intent a watched store processed.
        case intent
        /// An effect run started or finished.
        case effect
        /// The coordinator tree or a navigation stack changed.
        case navigation
        /// A deep link opened: taken or refused.
        case deepLink
        /// The inspector itself: time travel, an import, intents held while travelling.
        case inspector
    }

    /// The event's number in the session, from 1; gaps mean events left the ring.
    package let sequence: Int
    /// Seconds since the session started.
    package let time: Double
    /// What the event is about.
    package let kind: Kind
    /// A short title: the action's or intent's name, the command's identifier.
    package let title: String
    /// Which watched object it came from: a store's, router's or command manager's name.
    package let source: String
    /// The details, by name: `payload`, `dispatcher`, `duration`, `result`, `error`, `diff`, `state`, `imported`, …
    /// An event read in full (``InspectorSession/events``, ``InspectorSession/event(sequence:)``) has them all; a page
    /// is first sent payloads and results cut to a preview, with no `state` or `diff`, and asks for the rest.
    package let fields: [String: String]
    /// For an intent: its step in its store's log (the state after step `k` is the initial state with the first `k`
    /// intents replayed) — what time travel goes to. For an imported intent (its `imported` field set): its step in
    /// the import, replayed onto the state the store had when the import was made.
    package let step: Int?
    /// For navigation events: the coordinator tree.
    package let tree: CoordinatorNode?
    /// For navigation events: each navigation stack.
    package let stacks: [StackNode]?
    /// The causal trace the event belongs to: every event a command, an action, a link or an intent set off —
    /// the intents, their effects, the intents those fed back, the navigation — shares its number.
    package let trace: Int?
    /// What set the trace off, and where from: `command Save(title: "Milk") at ConductorDemoKit/DemoApp.swift:121`.
    package let cause: String?

    /// Creates an event.
    package init(
        sequence: Int, time: Double, kind: Kind, title: String, source: String, fields: [String: String] = [:],
        step: Int? = nil, tree: CoordinatorNode? = nil, stacks: [StackNode]? = nil, trace: Int? = nil,
        cause: String? = nil
    ) {
        self.trace = trace
        self.cause = cause
        self.sequence = sequence
        self.time = time
        self.kind = kind
        self.title = title
        self.source = source
        self.fields = fields
        self.step = step
        self.tree = tree
        self.stacks = stacks
    }
}

/// A coordinator in the tree, with its children.
package struct CoordinatorNode: Codable, Sendable, Equatable {
    /// The coordinator's name.
    package let name: String
    /// Whether it is on the active path: the flow on screen and its parents.
    package let isActive: Bool
    /// Whether it has ended.
    package let hasEnded: Bool
    /// Its children, in the order they were added.
    package let children: [CoordinatorNode]

    /// Creates a node.
    package init(name: String, isActive: Bool, hasEnded: Bool, children: [CoordinatorNode]) {
        self.name = name
        self.isActive = isActive
        self.hasEnded = hasEnded
        self.children = children
    }
}

/// A navigation stack: its modules bottom to top, what it presents, and the stacks nested in it (a tab container's
/// tabs, a presented flow's stack).
package struct StackNode: Codable, Sendable, Equatable {
    /// The router's or container's name.
    public let name: String
    /// The modules on the stack, root first.
    package let modules: [String]
    /// The modules presented over it.
    package let presented: [String]
    /// For a tab of a container: whether it is the selected one.
    package let isSelected: Bool?
    /// Stacks nested in this one.
    package let children: [StackNode]

    /// Creates a node.
    package init(name: String, modules: [String], presented: [String], isSelected: Bool?, children: [StackNode]) {
        self.name = name
        self.modules = modules
        self.presented = presented
        self.isSelected = isSelected
        self.children = children
    }
}
