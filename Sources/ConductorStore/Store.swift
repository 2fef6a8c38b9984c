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
/// ```swift
/// Text("\(store.count)")   // redrawn when count changes, not when anything else does
/// ```
@MainActor
@dynamicMemberLookup
public final class Store<State, IntentType: Sendable, EffectType: ConductorStore.Effect>: Observable {
    /// The state, read-only: send an intent to change it.
    public var state: State {
        stateWasRead = true
        registrar.access(self, keyPath: \.state)
        return stateValue
    }

    /// The middleware every intent passes through before the reducer, outermost first.
    @exclusivity(unchecked) public var middlewares: [any StoreMiddleware<State, IntentType>] = []

    /// Receives the errors effect handlers throw. Logs them at error level by default; the store keeps working.
    public var onEffectError: @MainActor (EffectFailure<EffectType>) -> Void

    /// Hears each effect run start and finish, with its outcome and duration: for inspectors and logs. `nil` (the
    /// default) costs one check per effect run.
    public var effectObserver: (@MainActor (EffectEvent<EffectType>) -> Void)?

    /// Whether each processed intent is appended to ``intentLog``; `false` by default.
    @exclusivity(unchecked) public var isRecordingIntents = false

    /// The intents processed while ``isRecordingIntents`` was on, in order — including those sent by effects.
    /// Replaying them onto the initial state with ``IntentLog/replay(onto:reducer:)`` reaches the same state.
    public private(set) var intentLog = IntentLog<IntentType>()

    // The send path is inlinable so that it is specialised for the app's State, Intent and Effect: unspecialised,
    // it spends most of its time looking up generic metadata. These are its internals, not API.
    //
    // The properties a send reads and writes are `@exclusivity(unchecked)`: their dynamic checks were more than half
    // of a send's instructions. Skipping them is sound. The store is used only on the main actor, so no two
    // threads ever access them. On that thread, every access is a single read or write that calls no other code,
    // except two that span calls: the reducer receives `stateValue` inout, and the subscription table reads it
    // through a pointer while it compares selections (its closures read the state and their own last value, nothing
    // else; handlers run after that access ends). A reducer is given the state precisely so that it need not reach
    // its own store; one that did anyway would read the state as its change left it so far, where the check would
    // have trapped. Swift's mutations of a stored property work in place, so that read is never of freed memory.
    @usableFromInline @exclusivity(unchecked) var stateValue: State
    @usableFromInline let reducer: (inout State, IntentType) -> [EffectType]
    @usableFromInline let registrar = ObservationRegistrar()
    /// Whether ``state`` was read since the last change was announced to Observation. If not, nobody can be
    /// tracking it (trackers register by reading, and each announced change ends the trackers it fires), so the
    /// next change need not be announced — which saves the registrar's cost on every send nobody watches.
    @usableFromInline @exclusivity(unchecked) var stateWasRead = true
    var handlers: [ErasedEffectHandler] = []
    var callbackHandlers: [@MainActor (EffectType) -> Void] = []
    @usableFromInline @exclusivity(unchecked) var pending: [IntentType] = []
    /// The lineage of each queued intent that has one, by its index in `pending`: intents queued while a lineage is
    /// current belong to it.
    @usableFromInline @exclusivity(unchecked) var pendingLineages: [Int: Int] = [:]
    /// The ``sendAndWait(_:)`` whose intent (or an intent its effects sent) is being processed: effect runs started
    /// now belong to it. `nil` on the plain send path, which then pays one comparison.
    @usableFromInline @exclusivity(unchecked) var currentLineage: Int?
    var nextLineage = 0
    /// How many effect runs of each waited-for lineage are still running.
    var lineageRuns: [Int: Int] = [:]
    var lineageWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    /// The intents each waited-for lineage processed so far, its own intent first: what ``sendAndWait(_:)`` returns.
    @usableFromInline var lineageIntents: [Int: [IntentType]] = [:]
    @usableFromInline @exclusivity(unchecked) var isProcessing = false
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
    var observedFields: [AnyKeyPath: ObservedField<State, IntentType, EffectType>] = [:]

    /// Diverts intents that effects send, for `TestStore`, which asserts on them before they are processed.
    package var effectIntentInterceptor: (@MainActor (IntentType) -> Void)?

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
        if isProcessing {
            queue(intent)
            return
        }
        isProcessing = true
        defer { isProcessing = false }
        process(intent)
        if !pending.isEmpty { drainPending() }
    }

    @usableFromInline
    func queue(_ intent: IntentType) {
        if let lineage = currentLineage { pendingLineages[pending.count] = lineage }
        pending.append(intent)
    }

    @usableFromInline
    func drainPending() {
        var index = 0
        let outer = currentLineage
        while index < pending.count {
            if !pendingLineages.isEmpty { currentLineage = pendingLineages.removeValue(forKey: index) }
            process(pending[index])
            index += 1
        }
        currentLineage = outer
        pending.removeAll()
        pendingLineages.removeAll()
    }

    @inlinable
    func process(_ intent: IntentType) {
        if currentLineage != nil { recordInLineage(intent) }
        if middlewares.isEmpty { reduce(intent) } else { processThroughMiddleware(intent) }
    }

    /// Adds an intent processed while a ``sendAndWait(_:)`` lineage is current to what that call returns.
    @usableFromInline
    func recordInLineage(_ intent: IntentType) {
        guard let lineage = currentLineage, lineageIntents[lineage] != nil else { return }
        lineageIntents[lineage, default: []].append(intent)
    }

    @usableFromInline
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
            registrar.withMutation(of: self, keyPath: \.state) { produced = reducer(&stateValue, intent) }
            effects = produced
        } else {
            effects = reducer(&stateValue, intent)
        }
        if isRecordingIntents { record(intent) }
        if !subscriptions.isEmpty { notifySubscribers() }
        if !effects.isEmpty { start(effects) }
    }

    @usableFromInline
    func record(_ intent: IntentType) { intentLog.intents.append(intent) }

    @inlinable
    func notifySubscribers() {
        withUnsafeMutablePointer(to: &stateValue) { subscriptions.collectChanges(in: $0) }
        subscriptions.deliverChanges()
    }
}
