internal import ConductorRecording
internal import ConductorStore
internal import CustomDump

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
    var isTraveling = false
    /// The live state when travel began: what ``resume()`` shows again.
    var liveState: State?
    /// The intents sent while travelling, in order.
    var held: [IntentType] = []
    /// The cause each held intent was sent under, at the same indices: a command, an action or a link the user set off
    /// on a screen of the past is not the live app's.
    var heldCauses: [Cause?] = []
    var resumeScheduled = false
    private var effectNames: [Int: LazyTitle] = [:]
    /// Effects started while the reducer runs: recorded after the intent that returned them.
    private var reducing = false
    private var startedWhileReducing: [EffectEvent<EffectType>] = []
    /// Whether ``startedWhileReducing`` has events: read per intent without the array's generic `isEmpty`.
    private var hasStartedWhileReducing = false
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
    /// Whether ``test`` is set: matched, not compared with `nil` — the comparison needs the runtime's support for
    /// typed-throws function types, which iOS 17 and macOS 14 do not have.
    var canExportTest: Bool {
        guard case .some = test else { return false }
        return true
    }

    /// The latest imported session: the live state it was imported onto, and its accepted intents.
    struct ImportedSession {
        let batch: Int
        let base: State
        var intents: [IntentType]
    }

    var imported: ImportedSession?
    var nextBatch = 0
    /// The last imported state computed, so stepping through an import replays one intent per step.
    var importCursor: (batch: Int, step: Int, state: State)?

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
            name: name, steps: baseStep + intents.count, canExportTest: canExportTest, isTraveling: isTraveling,
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
        // The store began the intent's cause when it was sent on its own; one sent by a command, an action or an
        // effect carries theirs.
        record(intent, state: state, next: next)
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
        // `if let`, not `Optional.map`: this runs per intent, and the generic call costs a metadata lookup.
        var record: (() -> String?)?
        if let encode = encodeIntent { record = { try? encode(intent) } }  // nil: the event is written instead
        session?.add(
            .intent, title: LazyTitle(caseOf: intent), source: name, step: step, target: .live(step: step),
            record: record,
            details: {
                [
                    "payload": String(customDumping: intent), "state": String(customDumping: after),
                    "diff": diff(before, after) ?? "(no change)",
                ]
            },
            causedNavigation: true
        ) { ["payload": InspectorSession.preview(intent)] }
        guard hasStartedWhileReducing else { return }
        hasStartedWhileReducing = false
        let started = startedWhileReducing
        startedWhileReducing.removeAll()
        for event in started { effectEvent(event) }
    }

    func effectEvent(_ event: EffectEvent<EffectType>) {
        if reducing {
            startedWhileReducing.append(event)
            hasStartedWhileReducing = true
            return
        }
        switch event {
        case .started(let run, let effect, let handler):
            let title = LazyTitle { InspectorSession.caseName(of: effect) }
            effectNames[run] = title
            session?.add(
                .effect, "▶ \(title.value)", source: name, details: { ["payload": String(customDumping: effect)] }
            ) {
                ["payload": InspectorSession.preview(effect), "handler": handler, "run": "\(run)"]
            }
        case .finished(let run, let outcome, let duration):
            let title = effectNames.removeValue(forKey: run)
            session?.add(.effect, "■ \(title?.value ?? "effect \(run)")", source: name) {
                ["outcome": outcome.description, "duration": "\(duration)", "run": "\(run)"]
            }
        }
    }

    /// Folds the oldest half of the kept intents into ``base``, replaying them through the store's reducer: what a
    /// long session costs stays bounded, and travel and export start from the state those intents led to.
    private func foldOldIntents() {
        guard let store else { return }
        let folded = intents.count / 2
        base = store.replayed(intents.prefix(folded), onto: base)
        baseStep += folded
        intents.removeFirst(folded)
    }
}
