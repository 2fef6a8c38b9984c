public import ConductorCommands
public import ConductorCoordinators
public import ConductorRecording
public import ConductorStore
public import Foundation

/// A flight recorder for release builds: the last steps of the session — commands, links the system opened, intents
/// the app sent itself — with everything they caused, in a ring bounded by bytes, exported as a report that replays:
/// an `AppTestScript` whose start is the state and the navigation before the oldest step kept.
///
/// ```swift
/// let recorder = FlightRecorder(
///     store: store, commands: commands, root: appCoordinator,
///     redaction: Redaction(keeping: ["title"]), appVersion: "2.4.1")
/// // Later, from a debug menu or a crash reporter's hook:
/// let report = try recorder.reportJSON()
/// ```
///
/// It attaches through the library's public extension points only — the store's intent tap, a cause observer, a
/// command observer and a deep-link observer — and ``detach()`` removes every one; until it is made, nothing is recorded and
/// nothing costs. Per intent it appends the intent to a ring and reads two flags; at each step (a command, a link)
/// it captures the coordinator tree. Nothing is encoded until a report is made.
///
/// **What a step is.** A command performed through the command manager, with the intents it caused — the answers its
/// effects sent back included — the links it opened and how they ended, and the tree after it; a link the system
/// opened; the intents the app sent itself (a screen's button, a timer, an action outside any command), each replayed
/// with `store.send` — what a subscriber sends in reaction while the store processes one among them, which the
/// replay sends as recorded and drops when the replayed app's subscriber sends it; an action sent outside any
/// command that moved the tree (a screen's `ShowItem(id: 3).send()`), with the intents it sent and the tree after
/// it, replayed by sending those intents and bringing the tree there. Answers count toward the step under way when they arrive: let a step's work finish
/// before the next begins, as a user does, for a replay that matches.
///
/// **Windows.** Windows over one store each attach a recorder of their own: each records its window's commands,
/// links and tree, and what the other windows sent as intents the app sent itself, so each window's report replays to
/// the state the windows share.
///
/// **Private by construction.** What a report holds passes `Redaction` as it is written: commands and links as
/// they are recorded, intents, states and trees when the report is made; the ring itself holds the app's own values,
/// in memory, as the store's state does.
///
/// **The ring.** ``maximumBytes`` bounds what the ring holds: each intent counts its size in memory
/// (`MemoryLayout<IntentType>.stride`) plus what `measure` says its heap holds (a loaded list), each step its text
/// and its tree. When a new step would pass the budget, the oldest steps leave: their intents are applied to the
/// starting state with the store's reducer (no effect runs), so the report always starts where its oldest step
/// began.
@MainActor
public final class FlightRecorder<State: Codable & Equatable, IntentType: Codable & Sendable, EffectType: Effect>:
    CauseObserver, CommandObserver
{
    /// The most bytes the ring holds (see the type's discussion for what counts).
    public let maximumBytes: Int
    /// What of the recorded values may leave the app.
    public let redaction: Redaction
    /// The app's version, written in every report.
    public let appVersion: String?
    /// The store's name in reports.
    public let storeName: String
    /// How many steps left the ring to keep it within ``maximumBytes``.
    public private(set) var droppedSteps = 0
    /// The bytes the ring holds now.
    @exclusivity(unchecked) public private(set) var bytes = 0
    /// A file the recorder writes the report of the last ``lastStepsCount`` steps to as each step begins (a command;
    /// a link once the app's tree heard it), replacing
    /// it — where a crash reporter finds the steps up to the one the app crashed in; `nil` (the default) writes
    /// nothing. Set it to a file in the app's caches; at the next launch, a file there means the last run did not end
    /// cleanly: attach it to the crash report, then remove it. (A file written at each step, not a signal handler:
    /// encoding and redacting allocate, which a signal handler may not; a step is at human rate, and the file is
    /// bounded by ``lastStepsCount``.)
    public var lastStepsFile: URL? {
        didSet { if lastStepsFile != nil { writeLastSteps() } }
    }
    /// How many steps ``lastStepsFile`` holds; 16 by default.
    public var lastStepsCount = 16
    /// Why the last write of ``lastStepsFile`` failed, if it did (it is also logged); `nil` after one succeeds.
    public internal(set) var lastStepsFailure: RecordingError?
    /// Whether the recorder is attached (``detach()`` ends it).
    public private(set) var isAttached = true

    weak var store: Store<State, IntentType, EffectType>?
    private weak var commands: CommandManager?
    private weak var root: BaseCoordinator?
    /// Applies intents to a state with the store's reducer, compiled for the app's types.
    let fold: (inout State, ArraySlice<IntentTap<IntentType>.Written>) -> Void
    private let measure: (@MainActor (IntentType) -> Int)?
    private let ignoredCommands: Set<String>
    /// Whether the command under way is one of `ignoredCommands`.
    private var performsIgnoredCommand = false
    /// The last tree captured, and its redacted JSON.
    private var lastCapture: (tree: NavigationTree, json: String)?
    /// The tree when the recorder was detached: what the last step left.
    var navigationAtDetach: String?
    /// The commands under way, outermost first (a command may perform others).
    private var performing: [String] = []

    // `startState`, `steps` and `bytes` skip Swift's dynamic exclusivity checks (most of a batch's instructions).
    // Safe: every access is on the main actor and none overlaps another — the reducer that moves `startState` on is
    // pure and cannot reach the recorder, and nothing the recorder calls while it holds `steps` calls back into it.
    /// The state and the tree before the oldest step kept.
    @exclusivity(unchecked) var startState: State
    var startNavigation: String?
    /// The steps, oldest first from `firstStep` (those before it left the ring and are forgotten in batches).
    @exclusivity(unchecked) var steps: [StepRecord] = []
    var firstStep = 0
    /// Where the store writes its intents: those of the kept steps from `firstIntent`, assigned to steps up to
    /// `drained`.
    var tap: IntentTap<IntentType>!
    var firstIntent = 0
    private var drained = 0
    /// How many links that began are under way: their intents are their own.
    private var openLinks = 0
    /// How many navigations the platform made on its own are under way (a back swipe's completions run).
    private var openPlatformNavigations = 0
    /// An action under way: the tree before it, the events counted then, and the serial of the last step appended.
    typealias ActionUnderWay = (navigation: String?, events: Int, lastStep: Int)
    /// How many steps were appended: each step's ``StepRecord/serial``.
    private var stepsAppended = 0
    /// The actions under way, by their cause's trace.
    private var actionsUnderWay: [Int: ActionUnderWay] = [:]
    /// How many causes began or ended and steps other than steps of sends began: an action during which this moved
    /// ran alongside other work (it awaited), and the tree's changes are not known to be its own.
    private var events = 0

    // Inlinable, so that the loop that moves the starting state on through the intents leaving the ring is compiled
    // for the app's types (unspecialised, each reducer call and each element read goes through the runtime).
    /// Attaches a recorder to the app.
    /// - Parameters:
    ///   - store: The store whose intents and state are recorded; its state and intents are `Codable`.
    ///   - name: The store's name in reports (`AppTest` names it so).
    ///   - commands: The command manager whose commands are steps; `nil` records no commands.
    ///   - root: The root of the coordinator tree, whose navigation is recorded and whose links are steps; `nil`
    ///     records no navigation and no links.
    ///   - maximumBytes: What the ring may hold; 1 MiB by default.
    ///   - redaction: What of the values may leave the app; every string is redacted by default.
    ///   - appVersion: The app's version, written in reports.
    ///   - measure: The heap bytes an intent holds beyond its size in memory (a loaded list, a text); 0 by default.
    ///   - ignoredCommands: Names of commands that are not steps — a debug menu's "send report" — whose replay would do
    ///     something other than the app's work.
    @inlinable
    public convenience init(
        store: Store<State, IntentType, EffectType>,
        name: String = "app",
        commands: CommandManager?,
        root: BaseCoordinator?,
        maximumBytes: Int = 1 << 20,
        redaction: Redaction = .allText,
        appVersion: String? = nil,
        measure: (@MainActor (IntentType) -> Int)? = nil,
        ignoring ignoredCommands: Set<String> = []
    ) {
        let reducer = store.reducer
        self.init(
            store: store, name: name, commands: commands, root: root, maximumBytes: maximumBytes,
            redaction: redaction, appVersion: appVersion, measure: measure, ignoring: ignoredCommands
        ) { state, entries in
            for entry in entries { _ = reducer(&state, entry.intent) }
        }
    }

    @usableFromInline
    init(
        store: Store<State, IntentType, EffectType>,
        name: String,
        commands: CommandManager?,
        root: BaseCoordinator?,
        maximumBytes: Int,
        redaction: Redaction,
        appVersion: String?,
        measure: (@MainActor (IntentType) -> Int)?,
        ignoring ignoredCommands: Set<String>,
        fold: @escaping (inout State, ArraySlice<IntentTap<IntentType>.Written>) -> Void
    ) {
        self.fold = fold
        self.ignoredCommands = ignoredCommands
        self.store = store
        self.storeName = name
        self.commands = commands
        self.root = root
        self.maximumBytes = max(maximumBytes, 1)
        self.redaction = redaction
        self.appVersion = appVersion
        self.measure = measure
        startState = store.state
        startNavigation = nil
        startNavigation = captureNavigation()
        // A recorder released without `detach()` leaves no tap behind: its tap takes itself off the store at the next
        // checkpoint (the manager, the causes and the tree hold their observers weakly).
        tap = IntentTap { [weak self, weak store] tap in
            if let self { return self.drain() }
            store?.removeIntentTap(tap)
        }
        store.addIntentTap(tap)
        setCheckpoint()
        // Links are steps once the root confirms them: without a root, the recorder leaves causes unobserved.
        if root != nil { Causes.addObserver(self) }
        commands?.addObserver(self)
        root?.addDeepLinkObserver(owner: self) { [weak self] event in self?.linkEnded(event) }
    }

    /// Removes every tap the recorder added: nothing more is recorded, and a report still gives what was.
    ///
    /// A recorder released without it is not kept alive by what it observes (they hold it weakly), and its tap
    /// leaves the store at the tap's next checkpoint.
    public func detach() {
        guard isAttached else { return }
        drain()
        navigationAtDetach = captureNavigation()
        isAttached = false
        store?.removeIntentTap(tap)
        Causes.removeObserver(self)
        commands?.removeObserver(self)
        root?.removeDeepLinkObservers(of: self)
    }

    /// How many steps the ring holds — a link another window opened among them until a report leaves it out.
    public var stepCount: Int { steps.count - firstStep }

    // MARK: Recording

    /// Assigns the intents the store wrote since the last call to steps: an intent the app sent on its own after
    /// a command's or a link's step begins a step of sends; a step that outgrows an eighth of the budget (a timer's
    /// sends, a stream's answers) goes on in a new one, so that the ring can let its start go. Runs at the tap's
    /// checkpoints, when a step begins, and for a report — not per intent.
    func drain() {
        let entries = tap.entries
        let written = entries.count
        guard drained < written else { return setCheckpoint() }
        let stride = MemoryLayout<IntentType>.stride + 1
        let stepLimit = maximumBytes / 8
        var index = drained
        while index < written {
            if stepCount == 0 || (entries[index].sentOnItsOwn && !steps[steps.count - 1].takesSends)
                || steps[steps.count - 1].bytes > stepLimit
            {
                appendStep(.sends, name: "(intents)")
            }
            // The run of intents that stay in this step: a command's or a link's answers, or anything in a step of
            // sends, up to its share of the budget.
            let last = steps.count - 1
            let onSends = steps[last].takesSends
            let room = max(1, (stepLimit - steps[last].bytes) / stride + 1)
            var end = index + 1
            while end < written, end - index < room, onSends || !entries[end].sentOnItsOwn { end += 1 }
            var size = (end - index) * stride
            if let measure { for position in index..<end { size += measure(entries[position].intent) } }
            steps[last].intentCount += end - index
            steps[last].bytes += size
            bytes += size
            index = end
        }
        drained = written
        if bytes > maximumBytes { dropOldest() }
        setCheckpoint()
    }

    /// When the tap calls back: at the next intent while the step under way is a command's or a link's (a send then
    /// begins a step, whose tree is read before the send changes anything); otherwise after a batch that fits in a
    /// sixteenth of the budget.
    private func setCheckpoint() {
        guard isAttached, let tap else { return }
        let onSends = stepCount > 0 && steps[steps.count - 1].takesSends
        let batch = max(1, min(4_096, maximumBytes / 16 / (MemoryLayout<IntentType>.stride + 1)))
        tap.checkpoint = tap.count + (onSends ? batch : 1)
        tap.sendsAreOnTheirOwn = performing.isEmpty && openLinks == 0 && openPlatformNavigations == 0
    }

    /// Hears links begin: a link is a step once this app's coordinator tree hears it end (its deep-link observer) —
    /// causes are the process's, and another window's link is not this app's step. (A command is a step through
    /// ``commandWillPerform(_:context:)``, which only this app's command manager calls.)
    ///
    /// A navigation the platform made on its own (a back swipe, a tab tapped, a sheet swiped away) is a step too,
    /// whose replay brings the tree where it went; one that changed nothing in this app's tree was another
    /// window's, and leaves no step. So is an action sent outside any command that moved this app's tree (a
    /// screen's `ShowItem(id: 3).send()`), after the step of the intents it sent.
    public func causeDidBegin(_ cause: Cause) {
        events += 1
        if cause.kind == .platform {
            openPlatformNavigations += 1
            beginStep(.platform, name: "(platform)", platform: cause.name)
            writeLastSteps()
            return setCheckpoint()
        }
        if cause.kind == .action {
            // One sent by a command, a link, the platform's navigation or a subscriber of the store belongs to what
            // sent it, which the replay makes again.
            guard performing.isEmpty, openLinks == 0, openPlatformNavigations == 0, store?.isProcessing != true else {
                return
            }
            // What the action sends begins a step of its own, which becomes the action's if it moves this tree.
            drain()
            if stepCount > 0 { steps[steps.count - 1].takesSends = false }
            actionsUnderWay[cause.trace] = (captureNavigation(), events, stepsAppended)
            return setCheckpoint()
        }
        guard cause.kind == .link else { return }
        openLinks += 1
        // Links in a row that this app's tree never heard and that caused nothing here (another window's, a flood of
        // them) cost one step, renamed: no tree is read again.
        let last = steps.count - 1
        if stepCount > 0, steps[last].kind == .link, !steps[last].isConfirmed, steps[last].intentCount == 0,
            steps[last].links.isEmpty, drained == tap.count
        {
            steps[last].link = redaction.link(cause.name)
        } else {
            beginStep(.link, name: "(link)", link: redaction.link(cause.name))
        }
        setCheckpoint()
    }

    /// A link's call returned: what comes next is the app's own again. (A step lasts until the next begins, so that
    /// the answers of its effects count toward it.)
    public func causeDidEnd(_ cause: Cause) {
        defer { events += 1 }
        if cause.kind == .platform, openPlatformNavigations > 0 {
            openPlatformNavigations -= 1
            dropPlatformStepThatChangedNothing()
            return setCheckpoint()
        }
        if cause.kind == .action, let began = actionsUnderWay.removeValue(forKey: cause.trace) {
            return actionEnded(cause.name, began: began)
        }
        guard cause.kind == .link, openLinks > 0 else { return }
        openLinks -= 1
        setCheckpoint()
    }

    /// The recorder needs no cause for an intent sent on its own: such a send costs what an unrecorded one does.
    public var observesIntents: Bool { false }
    /// An action sent outside any command is a step, when the recorder has a root whose navigation it may change.
    public var observesActions: Bool { root != nil }
    /// Nor for a command: the command manager's observer tells it.
    public var observesCommands: Bool { false }

    /// A command of this app begins: the outermost is a step (one performed by it belongs to it).
    public func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        performing.append(identifier.text)
        guard performing.count == 1 else { return }
        performsIgnoredCommand = ignoredCommands.contains(identifier.name)
        if !performsIgnoredCommand {
            beginStep(.command, name: redactedCommand(identifier.text))
            writeLastSteps()
        }
        setCheckpoint()
    }

    /// A command performed.
    public func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        if performing.last == identifier.text { performing.removeLast() }
        if performing.isEmpty { setCheckpoint() }
    }

    /// Keeps the failure of the command a step performs; a command refused before it began (disabled, unknown) is
    /// a step of its own, which changed nothing.
    public func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {
        if performing.last == identifier.text {
            performing.removeLast()
        } else if performing.isEmpty, !ignoredCommands.contains(identifier.name) {
            performsIgnoredCommand = false
            beginStep(.command, name: redactedCommand(identifier.text))
        } else {
            return
        }
        guard performing.isEmpty else { return }
        setCheckpoint()
        guard !performsIgnoredCommand, stepCount > 0, steps[steps.count - 1].kind == .command else { return }
        steps[steps.count - 1].failure = redactedFailure(error, of: identifier.text)
    }

    private func linkEnded(_ event: DeepLinkEvent) {
        guard stepCount > 0 else { return }
        var confirmed = false
        if steps[steps.count - 1].kind == .link, !steps[steps.count - 1].isConfirmed,
            steps[steps.count - 1].link == redaction.link(event.source)
        {
            steps[steps.count - 1].isConfirmed = true
            confirmed = true
        }
        let outcome = event.error.map { "\($0.description)" } ?? "taken"
        let link = AppTestScript.Link(
            url: redaction.link(event.source), outcome: redaction.keepsLinks ? outcome : redaction.link(outcome))
        steps[steps.count - 1].links.append(link)
        let size = link.url.utf8.count + link.outcome.utf8.count
        steps[steps.count - 1].bytes += size
        bytes += size
        if confirmed { writeLastSteps() }
    }

    /// An action that moved this app's tree is a step — the step of the intents it sent, or one of its own when it
    /// sent none: the replay sends them, then brings the tree where the action took it. One that moved nothing here
    /// — it only sent intents, or it was another window's (causes are the process's) — is no step; nor is one during
    /// which another cause or a step began (it awaited: the tree's changes are not known to be its own).
    private func actionEnded(_ name: String, began: ActionUnderWay) {
        drain()
        guard began.events == events, captureNavigation() != began.navigation else {
            // No step: a step of sends the action's beginning closed takes the app's sends again.
            if stepCount > 0, stepsAppended == began.lastStep, steps[steps.count - 1].kind == .sends {
                steps[steps.count - 1].takesSends = true
            }
            return setCheckpoint()
        }
        let last = steps.count - 1
        if stepCount > 0, steps[last].kind == .sends, steps[last].serial > began.lastStep {
            // The step of what it sent (its handler's intents, its flows') is the action's: the answers of their
            // effects count toward it, as the replay, which sends them and waits, finds them.
            steps[steps.count - 1].kind = .action
            steps[steps.count - 1].name = "(action)"
        } else {
            appendStep(.action, name: "(action)")
        }
        let added =
            name.utf8.count + (began.navigation?.utf8.count ?? 0)
            - (steps[steps.count - 1].navigationBefore?.utf8.count ?? 0)
        steps[steps.count - 1].action = name
        steps[steps.count - 1].takesSends = false
        steps[steps.count - 1].navigationBefore = began.navigation
        steps[steps.count - 1].bytes += added
        bytes += added
        if bytes > maximumBytes { dropOldest() }
        writeLastSteps()
        setCheckpoint()
    }

    /// A navigation of the platform that left this app's tree as it was, and sent nothing, was another window's
    /// (causes are the process's): it leaves no step, before an answer of this app's can land in it.
    private func dropPlatformStepThatChangedNothing() {
        drain()
        guard stepCount > 0, steps[steps.count - 1].kind == .platform, steps[steps.count - 1].intentCount == 0,
            steps[steps.count - 1].navigationBefore == captureNavigation()
        else { return }
        bytes -= steps.removeLast().bytes
    }

    /// Begins a command's or a link's step: the intents written so far belong to the steps before it.
    private func beginStep(_ kind: StepRecord.Kind, name: String, link: String? = nil, platform: String? = nil) {
        drain()
        appendStep(kind, name: name, link: link, platform: platform)
        if bytes > maximumBytes { dropOldest() }
    }

    private func appendStep(_ kind: StepRecord.Kind, name: String, link: String? = nil, platform: String? = nil) {
        // A link this app's tree never heard, that caused nothing here, was another window's: it leaves no step. (A
        // navigation of the platform that changed nothing here left when its cause ended.)
        if stepCount > 0, steps[steps.count - 1].kind == .link, !steps[steps.count - 1].isConfirmed,
            steps[steps.count - 1].intentCount == 0, steps[steps.count - 1].links.isEmpty
        {
            bytes -= steps.removeLast().bytes
        }
        if kind != .sends { events += 1 }
        stepsAppended += 1
        var step = StepRecord(kind: kind, name: name, link: link)
        step.serial = stepsAppended
        step.platform = platform
        step.navigationBefore = captureNavigation()
        step.bytes =
            MemoryLayout<StepRecord>.stride + name.utf8.count + (link?.utf8.count ?? 0)
            + (step.navigationBefore?.utf8.count ?? 0)
        bytes += step.bytes
        steps.append(step)
    }

    /// Drops the oldest steps until the ring is within its budget (the step under way always stays): their intents
    /// move the starting state on.
    private func dropOldest() {
        while bytes > maximumBytes, stepCount > 1 {
            let step = steps[firstStep]
            fold(&startState, tap.entries[firstIntent..<(firstIntent + step.intentCount)])
            firstIntent += step.intentCount
            bytes -= step.bytes
            firstStep += 1
            droppedSteps += 1
            if let next = steps[firstStep].navigationBefore { startNavigation = next }
        }
        // Forget what left in batches, so that dropping costs a constant per step.
        if firstStep > 64, firstStep * 2 > steps.count {
            steps.removeFirst(firstStep)
            firstStep = 0
        }
        if firstIntent > 1_024, firstIntent * 2 > tap.count {
            tap.forget(first: firstIntent)
            drained -= firstIntent
            firstIntent = 0
        }
    }

    /// The tree now, as redacted JSON; `nil` without a root.
    /// A tree equal to the last one captured is not encoded again: a step that moved nothing (another window's link,
    /// a command that only changed state) costs a walk of the tree and a comparison.
    func captureNavigation() -> String? {
        guard let root else { return nil }
        let tree = NavigationTree.capture(root).tree
        if let last = lastCapture, last.tree == tree { return last.json }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A tree that does not encode (a destination whose encoding throws) is a step without a tree: the replay
        // then expects the tree the step before left, and says so if it differs.
        guard let data = try? encoder.encode(tree) else { return nil }
        let json = String(decoding: redaction.navigationTree(data), as: UTF8.self)
        lastCapture = (tree, json)
        return json
    }
}
