internal import IssueReporting
internal import Logging
public import Observation

/// Holds an app's state, changes it only through intents, and runs the effects its reducer asks for.
///
/// The reducer is a pure function: it mutates the state for an intent and returns the effects to run. Effects go
/// to effect handlers, which may send intents back. Subscribers hear about the parts of the state they selected
/// when those parts change.
///
/// ```swift
/// struct AppState { var value = 0 }
/// enum AppIntent: Intent { case increment, decrement }
/// enum AppEffect: Effect { case playSound }
///
/// func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
///     switch intent {
///     case .increment:
///         state.value += 1
///         return state.value % 5 == 0 ? [.playSound] : []
///     case .decrement where state.value > 0:
///         state.value -= 1
///         return []
///     default:
///         return []
///     }
/// }
///
/// let store = Store(state: AppState(), reducer: reducer)
/// store.add(effectHandler: SoundEffectHandler())
/// let token = store.subscribe(\.value) { print("value:", $0) }
/// store.send(.increment)
/// ```
///
/// ## Isolation
///
/// A store lives on the main actor: the state changes there, one intent at a time, and subscribers and observers
/// are called there. Other tasks send with `await store.send(…)`. An intent sent while another is being processed —
/// from a subscriber, say — is queued and processed right after it, in the order sent.
///
/// ## Observation
///
/// The store is `Observable`. A view that reads ``state`` is invalidated by every change of the state; one that
/// reads a field through the store — `store.count`, `store.settings` — is invalidated only when that field changes
/// (by `==`), so read fields through the store in SwiftUI views:
///
/// <!-- not compiled: a SwiftUI view -->
/// ```swift
/// Text("\(store.count)")   // redrawn when count changes, not when anything else does
/// ```
@MainActor
@dynamicMemberLookup
public final class Store<State, IntentType: Sendable, EffectType: ConductorStore.Effect>: Observable {
    /// The state, read-only: send an intent to change it.
    public var state: State {
        assert(
            engineStage == .idle,
            engineStage == .reducing
                ? "A reducer read its store's state: a reducer is given the state inout and must not reach its store."
                : "A selector read its store's state while the store compared selections: a selector is given the "
                    + "state; read it from its argument.")
        stateWasRead = true
        registrar.access(self, keyPath: \.state)
        return stateValue
    }

    /// The middleware every intent passes through before the reducer, outermost first.
    ///
    /// A scoped store's intents pass through its root's middleware, as the root's intents: set this on the root
    /// store (a scoped store reports the change and keeps none).
    @exclusivity(unchecked) public var middlewares: [any StoreMiddleware<State, IntentType>] = [] {
        didSet {
            guard let connection, !middlewares.isEmpty else { return }
            middlewares = []
            reportIssue(
                "middlewares was set on the store of \(connection.name), a scoped store, whose intents pass through "
                    + "its root store's middleware: add the middleware to the root store instead.")
        }
    }

    // The store's intent taps (Store+IntentTaps.swift).
    // The per-frame path writes to the first tap through an optional, as cheap as one tap was, and loops only over
    // the others (a second window's recorder). Invariant (asserted where written): no other tap without a first.
    @exclusivity(unchecked) @usableFromInline var firstIntentTap: IntentTap<IntentType>?
    @exclusivity(unchecked) @usableFromInline var otherIntentTaps: [IntentTap<IntentType>] = []

    /// Receives the errors effect handlers throw. Logs them at error level by default; the store keeps working.
    public var onEffectError: @MainActor (EffectFailure<EffectType>) -> Void

    /// Whether each processed intent is appended to ``intentLog``; `false` by default.
    ///
    /// A scoped store's intents are processed by its root store, as the root's intents: record them there (a scoped
    /// store reports turning this on and stays off).
    @exclusivity(unchecked) public var isRecordingIntents = false {
        didSet {
            guard let connection, isRecordingIntents else { return }
            isRecordingIntents = false
            reportIssue(
                "isRecordingIntents was turned on for the store of \(connection.name), a scoped store, whose intents "
                    + "its root store processes: record them on the root store instead.")
        }
    }

    /// Whether the intent being processed was sent back by an effect (through its ``Send``), or by what processing
    /// such an intent sent: for a middleware that tells a user's input from the answers to it (the flight recorder).
    public var isProcessingAnswer: Bool { sendState.current.isAnswer }
    /// Whether the store is processing an intent: what is sent now is queued behind it (a subscriber's reaction).
    package var isProcessing: Bool { sendState.isProcessing }

    /// The intents processed while ``isRecordingIntents`` was on, in order — including those sent by effects.
    /// Replaying them onto the initial state with ``IntentLog/replay(onto:reducer:)`` reaches the same state.
    public private(set) var intentLog = IntentLog<IntentType>()

    // MARK: The engine
    //
    // Everything a send does is in this file: the queue, the reducer, the subscriptions and the start of effects —
    // and, in Store+Lineages.swift, the lineages of `sendAndWait` and the owners of scopes' intents. It runs per
    // keystroke and per frame, so it is the one place where speed is bought with care; the rest of the library is
    // plain Swift.
    //
    // The send path is inlinable so that it is specialised for the app's State, Intent and Effect: unspecialised,
    // it spends most of its time looking up generic metadata. These are its internals, not API.
    //
    // Invariants (checked by `assert` in debug builds, where they can be):
    // 1. The store is used on the main actor only (its isolation); no two threads touch the properties below.
    // 2. One intent is processed at a time: `send` during processing (from a subscriber, a middleware, an effect
    //    delivered synchronously) queues the intent, and `drainPending` processes the queue in order.
    // 3. The reducer never reaches its store: it is given the state inout, and reading `state` or sending from
    //    inside it is a mistake (asserted in `state` and `send`).
    // 4. Selectors never reach their store while the subscription table compares: they are given the state
    //    through a pointer (asserted in `state`); handlers run after the comparison has ended.
    // 5. `sendState.current` is what an intent being processed belongs to (a `sendAndWait`, a scope); it is restored
    //    after each nested use, so effect runs started while it is set count toward those and nothing else. The
    //    bookkeeping's own invariants are written at `SendState`.
    //
    // Because of 1, 3 and 4, every access to the properties marked `@exclusivity(unchecked)` is a single read or
    // write that calls no code that could access them again, except the reducer's inout access to `stateValue` and
    // the table's pointer read of it, which 3 and 4 keep free of other accesses. (The `didSet`s of `middlewares` and
    // `isRecordingIntents` run after their write has ended: they write their property back, a second single write,
    // and call `reportIssue`, which reaches no store.) Their dynamic exclusivity checks were more than half of
    // a send's instructions, so they are skipped for these properties only. Swift's mutations of a stored property
    // work in place, so even a broken invariant 3 in a release build reads the state as its change left it so far,
    // never freed memory.
    @usableFromInline @exclusivity(unchecked) var stateValue: State
    /// The store's reducer: what a tool — a time-travel debugger, a test — replays intents through to show the state
    /// after any of them, with ``IntentLog/replay(onto:reducer:)``; no effect runs and the store is untouched.
    public let reducer: (inout State, IntentType) -> [EffectType]
    @usableFromInline let registrar = ObservationRegistrar()
    /// Whether ``state`` was read since the last change was announced to Observation. If not, nobody can be
    /// tracking it (trackers register by reading, and each announced change ends the trackers it fires), so the
    /// next change need not be announced — which saves the registrar's cost on every send nobody watches.
    @usableFromInline @exclusivity(unchecked) var stateWasRead = true
    var handlers: [ErasedEffectHandler] = []
    /// The handlers run on the main actor as their effect is returned (``MainActorEffectHandler``).
    var mainActorHandlers: [MainActorRun] = []
    /// The send path's bookkeeping — the queue, and the lineage and owner an intent and its effect runs belong to —
    /// with its invariants (``SendState``).
    @usableFromInline @exclusivity(unchecked) var sendState = SendState<IntentType>()
    /// Whether the intents sent while one is processed — a subscriber's or a middleware's reaction — are dropped
    /// unprocessed: an app test replaying a report sets it around each intent the report sends, as the report holds
    /// the reactions recorded (those of another window's subscribers too). Read only when something was queued.
    @usableFromInline package var dropsReactions = false
    /// For a store made by `scope`: its parent, where its intents go; `nil` for a root store.
    @usableFromInline var connection: ScopeConnection<State, IntentType>?
    /// The collection scopes made from this store (``scope(rows:intent:sentBack:)``), by collection and rows' intent
    /// type.
    var rowScopes: [RowScopeKey: Weak] = [:]
    /// What the engine is running inside, for the debug assertions of invariants 3 and 4.
    @usableFromInline @exclusivity(unchecked) var engineStage = EngineStage.idle
    @usableFromInline let subscriptions = SubscriptionTable()
    // Read by the nonisolated `deinit`; a `let` of a Sendable type.
    nonisolated let effectTasks = EffectTasks()
    /// The streams ``states(bufferingPolicy:)`` and ``values(of:bufferingPolicy:)`` made that are still open; the
    /// nonisolated `deinit` finishes them.
    nonisolated let openStreams = OpenStreams()
    var nextEffectRun = 0
    var runsByID: [EffectID: Set<Int>] = [:]
    /// The fields views have read through ``subscript(dynamicMember:)``, by their key path from the state: each is
    /// watched by an internal subscription that announces its own changes to Observation.
    var observedFields: [AnyKeyPath: ObservedField] = [:]
    /// The same fields by the identity of the key path objects views read them with — a key path literal is one
    /// object wherever it is evaluated — so that a view's read finds its field without hashing the key path.
    /// Unchecked exclusivity is sound: its accesses are single reads and writes on the main actor that run no code
    /// of the app's (hashing an `ObjectIdentifier`; releasing an entry releases a key path and a field, whose
    /// `deinit`s run none), and this read is on the path of every field a view reads.
    @exclusivity(unchecked) var observedFieldsByObject: [ObjectIdentifier: ObservedField.ByObject] = [:]

    /// Who hears effect runs (``addEffectObserver(owner:_:)``), each with the owner it goes away with.
    var effectObservers: [(owner: Weak, observe: @MainActor (EffectEvent<EffectType>) -> Void)] = []

    /// Diverts intents that effects send, for `TestStore`, which asserts on them before they are processed.
    package var effectIntentInterceptor: (@MainActor (IntentType) -> Void)?

    /// A ``MainActorEffectHandler``, erased.
    struct MainActorRun {
        let name: String
        let run: @MainActor (EffectType) throws -> Void
    }

    struct ErasedEffectHandler {
        let name: String
        /// Whether the handler takes an effect: asked before a task is started for it.
        let handles: @MainActor (EffectType) -> Bool
        let handle: @Sendable (EffectType, Send<IntentType>) async throws -> Void
    }

    /// Creates a store.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - reducer: Mutates the state for an intent and returns the effects to run. Keep it pure.
    public init(state: State, reducer: @escaping (inout State, IntentType) -> [EffectType]) {
        self.stateValue = state
        self.reducer = reducer
        let logger = Logger(label: "Conductor.Store")
        self.onEffectError = { failure in logger.error("\(failure.description)") }
    }

    deinit {
        effectTasks.cancelAll()
        openStreams.finishAll()
    }

    // MARK: Sending

    /// Sends an intent: the reducer changes the state, subscribers hear about what changed, effects start.
    ///
    /// Called while the store is processing another intent (from a subscriber or a middleware), the intent is
    /// queued and processed when the current one is done, in the order sent.
    @inlinable
    public func send(_ intent: IntentType) {
        assert(
            engineStage != .reducing,
            "A reducer sent an intent to its store: return effects instead, and let an effect handler send it.")
        if let connection { return connection.send(intent) }
        if sendState.isProcessing {
            queue(intent)
            return
        }
        if Causes.observesIntents, Cause.current == nil { return sendUnderCause(intent) }
        sendState.isProcessing = true
        defer { sendState.isProcessing = false }
        process(intent)
        if !sendState.pending.isEmpty { drainPending() }
    }

    /// Sends an intent that nothing under way sent, while something observes causes: the intent begins its own
    /// (`Causes`), which its effects and what they feed back carry.
    // Inlinable, so that the send it wraps stays specialised for the app's types, as an unobserved send is.
    @inlinable
    func sendUnderCause(_ intent: IntentType) {
        Causes.run(.intent, intentCaseName(intent)) { send(intent) }
    }

    @usableFromInline
    func queue(_ intent: IntentType) { sendState.enqueue(intent) }

    @usableFromInline
    func drainPending() {
        var index = 0
        let outer = sendState.current
        while index < sendState.pending.count {
            sendState.current = sendState.takeContext(ofQueued: index)
            if !dropsReactions { process(sendState.pending[index]) }
            index += 1
        }
        sendState.current = outer
        sendState.finishDraining()
    }

    @inlinable
    func process(_ intent: IntentType) {
        if sendState.current.lineage != nil { sendState.recordInLineage(intent) }
        if let firstIntentTap {
            if !otherIntentTaps.isEmpty {
                writeToEveryTap(intent)
            } else {
                firstIntentTap.write(intent, isAnswer: sendState.current.isAnswer)
            }
        }
        if middlewares.isEmpty { reduce(intent) } else { processThroughMiddleware(intent) }
    }

    // Inlinable and never inlined: specialised for the app's types (unspecialised, each step asks the runtime for the
    // metadata of `any StoreMiddleware<State, IntentType>`), yet out of `send`, which stays small where no
    // middleware runs.
    @inlinable @inline(never)
    func processThroughMiddleware(_ intent: IntentType) {
        let chain = middlewares
        func step(_ index: Int, _ intent: IntentType) {
            guard index < chain.count else { return reduce(intent) }
            chain[index].intercept(intent, state: { self.stateValue }) { step(index + 1, $0) }
        }
        step(0, intent)
    }

    @inlinable
    func reduce(_ intent: IntentType) {
        let effects: [EffectType]
        if stateWasRead {
            stateWasRead = false
            var produced: [EffectType] = []
            registrar.withMutation(of: self, keyPath: \.state) { produced = runReducer(intent) }
            effects = produced
        } else {
            effects = runReducer(intent)
        }
        if isRecordingIntents { record(intent) }
        if !subscriptions.isEmpty { notifySubscribers() }
        if !effects.isEmpty { start(effects) }
    }

    @inlinable
    func runReducer(_ intent: IntentType) -> [EffectType] {
        enterStage(.reducing)
        defer { enterStage(.idle) }
        return reducer(&stateValue, intent)
    }

    /// Records what the engine runs inside, for the assertions of invariants 3 and 4. Only where assertions are
    /// checked (debug builds): an `assert`'s condition is not evaluated in an optimised build, so a send pays nothing.
    @inlinable
    func enterStage(_ stage: EngineStage) {
        assert(
            {
                engineStage = stage
                return true
            }())
    }

    @usableFromInline
    func record(_ intent: IntentType) { intentLog.intents.append(intent) }

    @inlinable
    func notifySubscribers() {
        enterStage(.comparing)
        withUnsafeMutablePointer(to: &stateValue) { subscriptions.collectChanges(in: $0) }
        enterStage(.idle)
        subscriptions.deliverChanges()
    }

    // MARK: Starting effects

    /// The live effect observers as one closure, or `nil` when there are none: one check per effect run. A run
    /// reports its end later, through the same closure: each observer is called only while its owner lives, so an
    /// observer whose owner went meanwhile never hears the end of a run it saw start.
    var effectObserver: (@MainActor (EffectEvent<EffectType>) -> Void)? {
        guard !effectObservers.isEmpty else { return nil }
        effectObservers.removeAll { $0.owner.object == nil }
        let observers = effectObservers
        guard !observers.isEmpty else { return nil }
        return { event in
            for observer in observers where observer.owner.object != nil { observer.observe(event) }
        }
    }

    @usableFromInline
    func start(_ effects: [EffectType]) {
        for effect in effects {
            for id in effect.cancels { cancelEffects(id: id) }
            if effect.cancelsInFlight, let id = effect.cancellationID { cancelEffects(id: id) }
            for handler in handlers where handler.handles(effect) { run(effect, with: handler) }
            for handler in mainActorHandlers { runOnMainActor(effect, with: handler) }
        }
    }

    /// Runs a main-actor handler to its end, here: its error goes to ``onEffectError``.
    func runOnMainActor(_ effect: EffectType, with handler: MainActorRun) {
        let observer = effectObserver
        var run = 0
        let start = ContinuousClock.now
        if let observer {
            nextEffectRun += 1
            run = nextEffectRun
            observer(.started(run: run, effect: effect, handler: handler.name))
        }
        var outcome = EffectOutcome.completed
        do { try handler.run(effect) } catch {
            outcome = .failed(String(describing: error))
            onEffectError(EffectFailure(effect: effect, error: error, handler: handler.name))
        }
        observer?(.finished(run: run, outcome: outcome, duration: ContinuousClock.now - start))
    }

    func run(_ effect: EffectType, with handler: ErasedEffectHandler) {
        nextEffectRun += 1
        let runID = nextEffectRun
        let tasks = effectTasks
        let context = sendState.runStarted(runID)
        let send = Send<IntentType> { [weak self] intent in
            guard let self else { return }
            guard tasks.contains(runID) else {
                // Cancelled: dropped, and told when the run's flow ended (an ended scope's intents are told too).
                if let flow = tasks.reason(forCancelled: runID) { Self.reportDropped(intent, cancelledBy: flow) }
                return
            }
            self.receiveFromEffect(intent, context: context)
        }
        let report: @MainActor @Sendable (any Error) -> Void = { [weak self] error in
            self?.onEffectError(EffectFailure(effect: effect, error: error, handler: handler.name))
        }
        // Weak, as everything the task holds: a running effect never keeps its store alive.
        let finish: @MainActor @Sendable () -> Void = { [weak self] in self?.runFinished(runID, context) }
        let observer = effectObserver
        let start = ContinuousClock.now
        observer?(.started(run: runID, effect: effect, handler: handler.name))
        let task = Task {
            var outcome = EffectOutcome.completed
            do {
                try await handler.handle(effect, send)
                if Task.isCancelled { outcome = .cancelled }
            } catch is CancellationError {
                // Cancelled on purpose: nothing to report.
                outcome = .cancelled
            } catch {
                outcome = Task.isCancelled ? .cancelled : .failed(String(describing: error))
                report(error)
            }
            tasks.finish(runID)
            if !context.isEmpty { finish() }
            observer?(.finished(run: runID, outcome: outcome, duration: ContinuousClock.now - start))
        }
        effectTasks.insert(runID, task)
        if let id = effect.cancellationID {
            // Forget the runs of this id that have finished, so the table stays as small as what is running.
            var runs = runsByID[id, default: []].filter(tasks.contains)
            runs.insert(runID)
            runsByID[id] = runs
        }
    }

    /// Reports an intent an effect sent after the flow `flow` ended and cancelled it: the answer has nowhere to go.
    static func reportDropped(_ intent: IntentType, cancelledBy flow: String) {
        reportIssue(
            "\(intentCaseName(intent)) was sent back by an effect that \(flow) cancelled when it ended (the flow is "
                + "gone): the intent was dropped. Stop the effect once it is cancelled (check Task.isCancelled before "
                + "sending), or leave its id out of the flow's cancelEffectsWhenEnded(_:of:) when its answer must "
                + "reach the store.")
    }

    func receiveFromEffect(_ intent: IntentType, context: IntentContext = IntentContext()) {
        if let effectIntentInterceptor { return effectIntentInterceptor(intent) }
        let outer = sendState.current
        var answer = sendState.context(forEffectOf: context)
        answer.isAnswer = true
        sendState.current = answer
        send(intent)
        sendState.current = outer
        assert(sendState.isConsistent, "The store's send-path bookkeeping broke an invariant (SendState).")
    }
}

/// What a store's engine is running inside: its debug assertions read it.
@usableFromInline
enum EngineStage {
    case idle
    case reducing
    case comparing
}

/// A weak reference, for observers that go away with their owner.
struct Weak {
    weak var object: AnyObject?
}

/// An intent's case, without its associated values: `addItem` for `.addItem("Milk")`; written only when a cause's
/// name is read.
@usableFromInline
func intentCaseName(_ intent: some Sendable) -> String {
    let text = String(describing: intent)
    return text.firstIndex(of: "(").map { String(text[..<$0]) } ?? text
}
