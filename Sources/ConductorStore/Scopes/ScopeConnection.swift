internal import IssueReporting

/// How a store made by `scope` reaches its parent: where its intents go, and whether its part of the state is
/// still there.
///
/// The scoped store keeps its own copy of its part, which its parent's subscription updates (so its subscribers and
/// its Observation work as a root store's do); its intents are mapped to the parent's and sent there, marked as this
/// scope's (its *owner* number), so that the effects they start end when the scope does.
@MainActor
@usableFromInline
final class ScopeConnection<State, IntentType: Sendable> {
    /// The number that marks this scope's intents, and the effect runs they start, in its root store.
    let owner: Int
    /// What the scope shows, for messages: `\Settings.darkMode`, a row's id.
    let name: String
    /// The parent store, for what only a root store has: its effects.
    let parent: any ScopeParent
    /// Sends a mapped intent to the parent, marked with an owner.
    private let forward: @MainActor (IntentType, _ owner: Int) -> Void
    /// Sends a mapped intent to the parent and waits for its effects; returns what they sent back, mapped back.
    private let forwardAndWait: @MainActor (IntentType, _ owner: Int) async -> [IntentType]
    /// Whether the scope's part of the state went (its optional became `nil`, its case changed, its row was
    /// removed): intents sent to it are reported and dropped.
    private(set) var isEnded = false
    /// The parent's subscription that keeps the scoped store's state; let go when the scope ends.
    var sync: SubscriptionToken? { didSet { sync?.isInternal = true } }
    /// What keeps a row's store in step with its row: its collection scope, kept while the row's store lives.
    var keeps: AnyObject?

    init(
        name: String,
        owner: Int? = nil,
        parent: any ScopeParent,
        forward: @escaping @MainActor (IntentType, _ owner: Int) -> Void,
        forwardAndWait: @escaping @MainActor (IntentType, _ owner: Int) async -> [IntentType]
    ) {
        self.owner = owner ?? ScopeOwners.next()
        self.name = name
        self.parent = parent
        self.forward = forward
        self.forwardAndWait = forwardAndWait
    }

    @usableFromInline
    func send(_ intent: IntentType) { send(intent, owner: owner) }

    /// Sends an intent of this scope's, or of a scope made from it (`owner`), to the parent.
    func send(_ intent: IntentType, owner: Int) {
        guard !isEnded else { return reportEnded(intent) }
        forward(intent, owner)
    }

    /// Sends an intent of this scope's, or of a scope made from it (`owner`), to the parent, and waits.
    func sendAndWait(_ intent: IntentType, owner: Int) async -> [IntentType] {
        guard !isEnded else {
            reportEnded(intent)
            return []
        }
        return await forwardAndWait(intent, owner)
    }

    func cancelEffects(ownedBy owner: Int) -> Int { parent.cancelEffects(ownedBy: owner) }

    /// Ends the scope: its state stays as it last was, its intents are refused from now on, and the effects its
    /// intents started are cancelled.
    func end() {
        guard !isEnded else { return }
        isEnded = true
        sync = nil
        keeps = nil
        parent.cancelEffects(ownedBy: owner)
    }

    private func reportEnded(_ intent: IntentType) {
        reportIssue(
            "\(intentCaseName(intent)) was sent to the store of \(name), which has ended (its part of the state is "
                + "gone): the intent was dropped. Stop sending to a scoped store once its optional, case or row is "
                + "gone, or scope the store again when it is back.")
    }
}

/// The numbers that mark scopes' intents: unique in the process, so that a store never mistakes one scope for
/// another.
@MainActor
enum ScopeOwners {
    private static var last = 0

    /// A number no scope had.
    static func next() -> Int {
        last += 1
        return last
    }
}

/// What a scoped store asks of its parent — a root store, or another scope, which asks its own — for its effects.
@MainActor
protocol ScopeParent: AnyObject {
    @discardableResult func cancelEffects(id: EffectID) -> Int
    @discardableResult func cancelEffects(id: EffectID, endingFlow flow: String) -> Int
    @discardableResult func cancelEffects(ownedBy owner: Int) -> Int
    func hasEffects(ownedBy owner: Int) -> Bool
    func waitForEffects(timeout: Duration?) async -> Bool
    var runningEffectCount: Int { get }
}

extension Store: ScopeParent {}
