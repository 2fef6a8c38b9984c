internal import ConductorRecording

/// One step of a flight recorder's ring.
struct StepRecord {
    enum Kind { case command, link, sends, platform, action }
    /// What the step is; a step of sends becomes an action's when the action that sent them moved the tree.
    var kind: Kind
    /// The command's redacted identifier, or a name for the step.
    var name: String
    /// The redacted link a link step opened.
    var link: String?
    /// What the platform did in a platform step: `back in items`.
    var platform: String?
    /// The action an action step sent: `ShowItem`.
    var action: String?
    /// The step's number among those the recorder appended, from 1 (steps that left the ring or were dropped keep
    /// theirs).
    var serial = 0
    /// Whether the intents the app sends on its own go to this step: a step of sends's, until an action begins.
    var takesSends: Bool
    var navigationBefore: String?
    var intentCount = 0
    var failure: String?
    var links: [AppTestScript.Link] = []
    var bytes = 0
    /// Whether a link step's link reached this app's coordinator tree; one that did not was another app's (a
    /// window's), and its intents, if any, belong to the step before it.
    var isConfirmed = false

    init(kind: Kind, name: String, link: String?) {
        self.kind = kind
        self.name = name
        takesSends = kind == .sends
        self.link = link
    }
}
