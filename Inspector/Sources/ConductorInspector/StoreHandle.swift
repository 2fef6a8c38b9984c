internal import ConductorRecording
internal import ConductorStore
internal import CustomDump
internal import Foundation

/// Decodes an imported intent line as a watched store's intent type. `@Sendable` and free of the store, so a
/// recording is decoded off the main actor.
typealias ImportDecoder = @Sendable (Recording.Line) throws(RecordingError) -> any Sendable

/// An intent decoded from an imported recording, not yet validated: its line, its type's name and its value.
struct ImportedIntent: Sendable {
    let line: Int
    let type: String
    let value: any Sendable
}

/// Where time travel goes: the state after a step of a store's live log, or after a step of the session imported
/// into it.
enum TravelTarget: Equatable {
    case live(step: Int)
    case imported(batch: Int, step: Int)

    var isImported: Bool {
        if case .imported = self { return true }
        return false
    }
}

/// What the session needs of a watched store, whatever its types.
@MainActor
protocol StoreHandle: AnyObject {
    var name: String { get }
    var summary: StoreSummary { get }
    var intentTypeName: String { get }
    var isTraveling: Bool { get }
    /// How many intents wait for the store to resume live.
    var heldCount: Int { get }
    /// Set when the store's intents are `Decodable`.
    var importDecoder: ImportDecoder? { get }
    /// Works out the state `target` shows, moving nothing; the closure returned shows it (the live state is kept
    /// for ``restoreLive()`` on the first move).
    func prepareTravel(to target: TravelTarget) throws(InspectorError) -> @MainActor () -> Void
    /// Whether the store was released: it has nothing to travel, and travel leaves it out.
    var isGone: Bool { get }
    /// Starts holding: keeps the live state for ``restoreLive()`` and holds the intents sent from now on. Every store
    /// holds before any shows the past, so that what one's subscribers send another is held, not processed.
    func holdLive()
    /// Back to the live state; then the held intents are processed, in order. Returns how many were.
    func resume() -> Int
    /// Back to the live state, the held intents still held: the first half of ``resume()``.
    func restoreLive()
    /// Processes the held intents, in order, once the live state is back; returns how many.
    func processHeld() -> Int
    /// The step of the latest intent the store processed live.
    var latestStep: Int { get }
    /// Starts an imported session onto the live state, replacing the one before; returns its number.
    func beginImport() -> Int
    /// Validates imported intents and adds those accepted to import `batch`; returns the refusals, or `nil` when a
    /// later import replaced that one.
    func acceptImported(_ intents: ArraySlice<ImportedIntent>, batch: Int) -> [RecordingError]?
    /// How many intents import `batch` accepted; `nil` when a later import replaced it.
    func importedCount(batch: Int) -> Int?
    /// Records step `step` of import `batch` as an event, and sends it to the live store when the store's
    /// ``ImportPolicy`` allows. `nil` when that import was replaced meanwhile.
    func publishImported(batch: Int, step: Int) -> Bool?
    /// `nil` when the store was not watched with a ``TestExport`` (or is gone).
    func testSource() throws(InspectorError) -> (imports: [String], function: String)?
    /// For an app test, per element of `requests` (the live steps of one command): the intents of those steps as
    /// JSON, and the state before the first and after the last; `nil` for a command of no step, or when the store's
    /// state and intents are not `Codable`. The states are replayed once, forward, for all the requests together.
    func appTestFrames(_ requests: [[Int]]) throws(InspectorError) -> [AppTestFrame?]
    /// The state when the store was watched, as JSON; `nil` when it is not `Codable`.
    func initialStateJSON() throws(InspectorError) -> String?
}

/// What one command did to a store, for an app test: its intents and the state before and after them, as JSON.
struct AppTestFrame {
    let intents: [String]
    let before: String
    let after: String
}

/// A watched store as the page lists it.
struct StoreSummary: Encodable, Sendable {
    let name: String
    let steps: Int
    let canExportTest: Bool
    let isTraveling: Bool
    let held: Int
    let imported: Int
}

/// Watches one store: each intent with the state before and after it, each effect run; keeps the intents for time
/// travel.
///
/// While the store travels — shows a past or imported state — every intent sent to it, by the app's screens or by an
/// effect finishing, is held here and not passed on: no reducer runs on the state shown, and no effect starts against
/// the app's data. ``resume()`` shows the live state again and then processes the held intents, in order, as if sent
/// then.
@MainActor
final class WatchedStore<State, IntentType: Sendable, EffectType: Effect>: StoreHandle, StoreMiddleware {
    let name: String
    weak var store: Store<State, IntentType, EffectType>?
    /// Weak: a tap left on a router, manager or store after its session is gone does nothing.
    weak var session: InspectorSession?
    /// The state the kept intents start from: the store's state when it was first watched, moved forward as old
    /// intents are folded into it (``foldOldIntents()``), so that the memory a watched store costs stays bounded.
    private(set) var base: State
    /// How many intents were folded into ``base``: the step it is the state after.
    private(set) var baseStep = 0
    /// The intents processed after ``base``, in order.
    private(set) var intents: [IntentType] = []
    /// The most intents kept before the oldest half is folded into ``base``: the session's.
    var maximumKeptIntents: Int { session?.maximumKeptIntents ?? 10_000 }
    private(set) var isTraveling = false
    /// The live state when travel began: what ``resume()`` shows again.
    private var liveState: State?
    /// The intents sent while travelling, in order.
    private var held: [IntentType] = []
    private var resumeScheduled = false
    private var effectNames: [Int: String] = [:]
    /// Effects started while the reducer runs: recorded after the intent that returned them.
    private var reducing = false
    private var startedWhileReducing: [EffectEvent<EffectType>] = []
    /// Set when the intents are `Decodable`.
    var importDecoder: ImportDecoder?
    /// What imported intents must pass and may do.
    var importPolicy = ImportPolicy<IntentType>()
    /// Set when the intents are `Encodable`: a line of the recording format.
    var encodeIntent: ((IntentType) throws(RecordingError) -> String)?
    /// Set when the state and intents are `Codable`: each as JSON, its keys sorted.
    var json: (state: (State) throws -> String, intent: (IntentType) throws -> String)?
    /// Set when the store can be exported as a test.
    var test:
        (
            (_ initial: State, _ intents: [IntentType], _ replay: ([IntentType], State) -> State)
                throws(InspectorError) -> (imports: [String], function: String)
        )?

    /// The latest imported session: the live state it was imported onto, and its accepted intents.
    private struct ImportedSession {
        let batch: Int
        let base: State
        var intents: [IntentType]
    }

    private var imported: ImportedSession?
    private var nextBatch = 0
    /// The last imported state computed, so stepping through an import replays one intent per step.
    private var importCursor: (batch: Int, step: Int, state: State)?

    init(name: String, store: Store<State, IntentType, EffectType>, session: InspectorSession) {
        self.name = name
        self.store = store
        self.session = session
        self.base = store.state
    }

    var intentTypeName: String { String(reflecting: IntentType.self) }

    var heldCount: Int { held.count }

    var summary: StoreSummary {
        StoreSummary(
            name: name, steps: baseStep + intents.count, canExportTest: test != nil, isTraveling: isTraveling,
            held: held.count,
            imported: imported?.intents.count ?? 0)
    }

    // MARK: Hooks

    func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        if let session, session.isMovingInTime {
            // The app's reaction to a state time travel shows, or to the live state coming back: not the user's.
            return session.dropReaction(store: name)
        }
        if isTraveling {
            guard session != nil else { return resumeWithoutSession(then: intent) }
            return hold(intent)
        }
        guard let session else { return record(intent, state: state, next: next) }
        // An intent sent on its own sets off a trace; one sent by a command, an action, an effect joins theirs.
        session.caused(by: "intent \(Self.caseName(of: intent))") { record(intent, state: state, next: next) }
    }

    /// Processes `intent` and records it, with what it started and navigated.
    private func record(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        let before = state()
        session?.publishNavigationIfChanged()  // what the intent navigates is recorded after its event
        reducing = true
        next(intent)
        reducing = false
        let after = state()
        intents.append(intent)
        let step = baseStep + intents.count
        if intents.count > maximumKeptIntents { foldOldIntents() }
        let encode = encodeIntent
        session?.add(
            .intent, Self.caseName(of: intent), source: name, step: step, target: .live(step: step),
            record: encode.map { encode in { try? encode(intent) } },  // nil: the event is written instead
            details: {
                [
                    "payload": String(customDumping: intent), "state": String(customDumping: after),
                    "diff": diff(before, after) ?? "(no change)",
                ]
            },
            causedNavigation: true
        ) { ["payload": InspectorSession.preview(intent)] }
        let started = startedWhileReducing
        startedWhileReducing.removeAll()
        for event in started { effectEvent(event) }
    }

    func effectEvent(_ event: EffectEvent<EffectType>) {
        if reducing {
            startedWhileReducing.append(event)
            return
        }
        switch event {
        case .started(let run, let effect, let handler):
            let title = Self.caseName(of: effect)
            effectNames[run] = title
            session?.add(
                .effect, "▶ \(title)", source: name, details: { ["payload": String(customDumping: effect)] }
            ) {
                ["payload": InspectorSession.preview(effect), "handler": handler, "run": "\(run)"]
            }
        case .finished(let run, let outcome, let duration):
            let title = effectNames.removeValue(forKey: run) ?? "effect \(run)"
            session?.add(.effect, "■ \(title)", source: name) {
                ["outcome": outcome.description, "duration": "\(duration)", "run": "\(run)"]
            }
        }
    }

    // MARK: Time travel

    func prepareTravel(to target: TravelTarget) throws(InspectorError) -> @MainActor () -> Void {
        guard let store else {
            throw InspectorError(.cannotTravel, "Store '\(name)' is gone: nothing to travel.")
        }
        let state: State
        switch target {
        case .live(let step):
            guard step >= baseStep else {
                throw InspectorError(
                    .cannotTravel,
                    "Step \(step) of store '\(name)' is older than the \(maximumKeptIntents) intents the inspector "
                        + "keeps; travel to a later one.")
            }
            state = store.replay(intents.prefix(step - baseStep), onto: base)
        case .imported(let batch, let step):
            guard let imported = importedState(batch: batch, step: step) else {
                throw InspectorError(
                    .cannotTravel,
                    "That step belongs to a session imported into store '\(name)' before the latest import replaced "
                        + "it; import it again to see it.")
            }
            state = imported
        }
        return { [weak self, weak store] in
            guard let self, let store else { return }
            self.holdLive()
            store.restore(state)
        }
    }

    var isGone: Bool { store == nil }

    func holdLive() {
        guard !isTraveling, let store else { return }
        liveState = store.state
        isTraveling = true
    }

    func resume() -> Int {
        restoreLive()
        return processHeld()
    }

    func restoreLive() {
        guard isTraveling else { return }
        isTraveling = false
        resumeScheduled = false
        let live = liveState
        liveState = nil
        if let live { store?.restore(live) }
    }

    func processHeld() -> Int {
        guard !isTraveling else { return 0 }
        let pending = held
        held.removeAll()
        guard let store else { return 0 }
        for intent in pending { store.send(intent) }
        return pending.count
    }

    var latestStep: Int { baseStep + intents.count }

    /// Keeps an intent sent while travelling for ``resume()``; past the session's bound, resumes on its own (soon,
    /// outside the store's processing) so nothing held is lost and the list stays bounded.
    private func hold(_ intent: IntentType) {
        held.append(intent)
        if let trace = Cause.current?.trace { session?.tracesWithHeldIntents.insert(trace) }
        if held.count == 1 {
            session?.notice(
                "holding the intents sent to \(name) while it travels: resume live to process them",
                fields: ["first held": InspectorSession.preview(intent)])
        }
        guard let limit = session?.maximumHeldIntents, held.count >= limit, !resumeScheduled else { return }
        resumeScheduled = true
        Task { [weak self] in
            // Not when a resume came first (it clears `resumeScheduled`): that travel is over.
            guard let self, self.resumeScheduled, self.isTraveling else { return }
            // The whole app returns to live — every store and the navigation — not this store alone.
            let reason = "\(self.name) held \(self.held.count) intent(s), the most it holds"
            if let session = self.session { session.resume(reason: reason) } else { _ = self.resume() }
        }
    }

    /// The session went away while the store travelled: the live state comes back, and the held intents then this
    /// one are processed — queued behind the intent being processed, in order.
    private func resumeWithoutSession(then intent: IntentType) {
        isTraveling = false
        let pending = held + [intent]
        held.removeAll()
        guard let store else { return }
        if let live = liveState { store.restore(live) }
        liveState = nil
        for intent in pending { store.send(intent) }
    }

    // MARK: Import

    func beginImport() -> Int {
        nextBatch += 1
        // Onto what the app shows live: the state saved when travel began, or the store's state.
        imported = ImportedSession(batch: nextBatch, base: liveState ?? store?.state ?? base, intents: [])
        importCursor = nil
        return nextBatch
    }

    func acceptImported(_ values: ArraySlice<ImportedIntent>, batch: Int) -> [RecordingError]? {
        guard imported?.batch == batch else { return nil }
        var refused: [RecordingError] = []
        for value in values {
            guard let intent = value.value as? IntentType else {
                refused.append(
                    .undecodable(
                        line: value.line, kind: .intent, type: value.type,
                        reason: "it is not an intent of store '\(name)'"))
                continue
            }
            do {
                try importPolicy.validate(intent)
                imported?.intents.append(intent)
            } catch {
                refused.append(
                    .replayFailed(
                        line: value.line, kind: .intent, type: value.type, replayed: imported?.intents.count ?? 0,
                        reason: "store '\(name)' refuses it: \(error)"))
            }
        }
        return refused
    }

    func importedCount(batch: Int) -> Int? {
        guard let imported, imported.batch == batch else { return nil }
        return imported.intents.count
    }

    func publishImported(batch: Int, step: Int) -> Bool? {
        guard let imported, imported.batch == batch, step >= 1, step <= imported.intents.count else { return nil }
        let intent = imported.intents[step - 1]
        let count = imported.intents.count
        session?.add(
            .intent, Self.caseName(of: intent), source: name, step: step,
            target: .imported(batch: batch, step: step),
            details: { [weak self] in
                var fields = ["payload": String(customDumping: intent), "imported": "step \(step) of \(count)"]
                if let self, let before = self.importedState(batch: batch, step: step - 1),
                    let after = self.importedState(batch: batch, step: step)
                {
                    fields["state"] = String(customDumping: after)
                    fields["diff"] = diff(before, after) ?? "(no change)"
                }
                return fields
            }
        ) { ["payload": InspectorSession.preview(intent), "imported": "step \(step) of \(count)"] }
        guard importPolicy.sendsLive(intent), let store else { return false }
        store.send(intent)  // held, like any other, while the store travels
        return true
    }

    /// The state after `step` intents of import `batch`, replayed through the reducer onto the state the import was
    /// made on — no effect runs, the store is untouched. `nil` when that import was replaced.
    private func importedState(batch: Int, step: Int) -> State? {
        guard let imported, imported.batch == batch, let store, step >= 0, step <= imported.intents.count else {
            return nil
        }
        var from = (step: 0, state: imported.base)
        if let cursor = importCursor, cursor.batch == batch, cursor.step <= step {
            from = (step: cursor.step, state: cursor.state)
        }
        let state = store.replay(imported.intents[from.step..<step], onto: from.state)
        importCursor = (batch: batch, step: step, state: state)
        return state
    }

    // MARK: Export

    func appTestFrames(_ requests: [[Int]]) throws(InspectorError) -> [AppTestFrame?] {
        guard let json else { return requests.map { _ in nil } }
        guard let store else {
            throw InspectorError(.cannotExportTest, "Store '\(name)' is gone: its states can no longer be computed.")
        }
        // The state at a step, replayed from the last one asked: the requests come in order, so the whole session is
        // replayed once rather than once per command.
        var cursor = (step: baseStep, state: base)
        func state(at step: Int) -> State {
            if step < cursor.step { cursor = (baseStep, base) }
            cursor.state = store.replay(intents[(cursor.step - baseStep)..<(step - baseStep)], onto: cursor.state)
            cursor.step = step
            return cursor.state
        }
        var frames: [AppTestFrame?] = []
        frames.reserveCapacity(requests.count)
        for steps in requests {
            guard let first = steps.min(), let last = steps.max() else {
                frames.append(nil)
                continue
            }
            guard first > baseStep, last <= baseStep + intents.count else {
                throw InspectorError(
                    .cannotExportTest,
                    "Store '\(name)' folded step \(first) into its base state (it keeps \(maximumKeptIntents) "
                        + "intents): export sooner, or raise the limit.")
            }
            do {
                frames.append(
                    AppTestFrame(
                        intents: try steps.map { step in try json.intent(intents[step - baseStep - 1]) },
                        before: try json.state(state(at: first - 1)),
                        after: try json.state(state(at: last))))
            } catch {
                throw InspectorError(
                    .cannotExportTest, "Store '\(name)' cannot be exported as an app test: \(error).")
            }
        }
        return frames
    }

    func initialStateJSON() throws(InspectorError) -> String? {
        guard let json else { return nil }
        guard baseStep == 0 else {
            throw InspectorError(
                .cannotExportTest,
                "Store '\(name)' folded its first intents into its base state: the session's start is gone.")
        }
        do { return try json.state(base) } catch {
            throw InspectorError(.cannotExportTest, "Store '\(name)' state does not encode as JSON: \(error).")
        }
    }

    func testSource() throws(InspectorError) -> (imports: [String], function: String)? {
        guard let test, let store else { return nil }
        return try test(base, intents) { intents, state in store.replay(intents, onto: state) }
    }

    /// Folds the oldest half of the kept intents into ``base``, replaying them through the store's reducer: what a
    /// long session costs stays bounded, and travel and export start from the state those intents led to.
    private func foldOldIntents() {
        guard let store else { return }
        let folded = intents.count / 2
        base = store.replay(intents.prefix(folded), onto: base)
        baseStep += folded
        intents.removeFirst(folded)
    }

    /// `addItem` for `AppIntent.addItem("Milk")`; the type's name for a value that is not an enum case.
    /// An enum case's name is read from its mirror, so a large payload is not described just for a title.
    static func caseName(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum, let label = mirror.children.first?.label { return label }
        let text = String(describing: value)
        let head = text.prefix { $0 != "(" }
        guard !head.isEmpty, head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return String(describing: type(of: value))
        }
        return String(head)
    }
}
