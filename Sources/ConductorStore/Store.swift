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
/// The store is `Observable`: SwiftUI views and `withObservationTracking` see ``state`` change.
@MainActor
public final class Store<State, Intent: Sendable, Effect: ConductorStore.Effect>: Observable {
    /// The state, read-only: send an intent to change it.
    public var state: State {
        stateWasRead = true
        registrar.access(self, keyPath: \.state)
        return stateValue
    }

    /// The middleware every intent passes through before the reducer, outermost first.
    public var middlewares: [any StoreMiddleware<State, Intent>] = []

    /// Receives the errors effect handlers throw. Logs them at error level by default; the store keeps working.
    public var onEffectError: @MainActor (EffectFailure<Effect>) -> Void

    /// Whether each processed intent is appended to ``intentLog``; `false` by default.
    public var isRecordingIntents = false

    /// The intents processed while ``isRecordingIntents`` was on, in order — including those sent by effects.
    /// Replaying them onto the initial state with ``IntentLog/replay(onto:reducer:)`` reaches the same state.
    public private(set) var intentLog = IntentLog<Intent>()

    // The send path is inlinable so that it is specialised for the app's State, Intent and Effect: unspecialised,
    // it spends most of its time looking up generic metadata. These are its internals, not API.
    @usableFromInline var stateValue: State
    @usableFromInline let reducer: (inout State, Intent) -> [Effect]
    @usableFromInline let registrar = ObservationRegistrar()
    /// Whether ``state`` was read since the last change was announced to Observation. If not, nobody can be
    /// tracking it (trackers register by reading, and each announced change ends the trackers it fires), so the
    /// next change need not be announced — which saves the registrar's cost on every send nobody watches.
    @usableFromInline var stateWasRead = true
    private var handlers: [ErasedEffectHandler] = []
    private var callbackHandlers: [@MainActor (Effect) -> Void] = []
    @usableFromInline var pending: [Intent] = []
    /// The lineage of each queued intent that has one, by its index in `pending`: intents queued while a lineage is
    /// current belong to it.
    @usableFromInline var pendingLineages: [Int: Int] = [:]
    /// The ``sendAndWait(_:)`` whose intent (or an intent its effects sent) is being processed: effect runs started
    /// now belong to it. `nil` on the plain send path, which then pays one comparison.
    @usableFromInline var currentLineage: Int?
    private var nextLineage = 0
    /// How many effect runs of each waited-for lineage are still running.
    private var lineageRuns: [Int: Int] = [:]
    private var lineageWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    @usableFromInline var isProcessing = false
    @usableFromInline let subscriptions = SubscriptionTable<State>()
    // Read by the nonisolated `deinit`; a `let` of a Sendable type.
    private nonisolated let effectTasks = EffectTasks()
    /// The streams ``states(bufferingPolicy:)`` and ``values(of:bufferingPolicy:)`` made that are still open; the
    /// nonisolated `deinit` finishes them.
    nonisolated let openStreams = OpenStreams()
    private var nextEffectRun = 0
    private var runsByID: [EffectID: Set<Int>] = [:]

    /// Diverts intents that effects send, for `TestStore`, which asserts on them before they are processed.
    package var effectIntentInterceptor: (@MainActor (Intent) -> Void)?

    private struct ErasedEffectHandler {
        let name: String
        let handle: @Sendable (Effect, Send<Intent>) async throws -> Void
    }

    /// Creates a store.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - reducer: Mutates the state for an intent and returns the effects to run. Keep it pure.
    public init(state: State, reducer: @escaping (inout State, Intent) -> [Effect]) {
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
    public func send(_ intent: Intent) {
        if isProcessing {
            queue(intent)
            return
        }
        isProcessing = true
        defer { isProcessing = false }
        process(intent)
        if !pending.isEmpty { drainPending() }
    }

    /// Glue's name for ``send(_:)``.
    @inlinable
    public func dispatch(_ intent: Intent) { send(intent) }

    @usableFromInline
    func queue(_ intent: Intent) {
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

    // MARK: Sending and waiting

    /// Sends an intent and suspends until the effects it started have finished — with the effects of the intents
    /// those sent back, and so on — then returns. The state then holds everything the intent caused.
    ///
    /// ```swift
    /// await store.sendAndWait(.save(title: "Milk"))
    /// if let error = store.state.saveError { … } else { show(store.state.lastSaved) }
    /// ```
    ///
    /// Unrelated effects that were running before, or that other intents start meanwhile, are not waited for (use
    /// ``waitForEffects()`` for those). Cancelling the waiting task stops the wait, not the effects.
    public func sendAndWait(_ intent: Intent) async {
        nextLineage += 1
        let lineage = nextLineage
        lineageRuns[lineage] = 0
        let outer = currentLineage
        currentLineage = lineage
        send(intent)
        currentLineage = outer
        if lineageRuns[lineage] != 0 {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if lineageRuns[lineage] == nil {
                        continuation.resume()  // cancelled before it got here
                    } else {
                        lineageWaiters[lineage] = continuation
                    }
                }
            } onCancel: {
                Task { @MainActor [weak self] in self?.endLineage(lineage) }
            }
        }
        endLineage(lineage)
    }

    /// Forgets a lineage and resumes its waiter; later effect runs of it are no longer counted.
    private func endLineage(_ lineage: Int) {
        lineageRuns[lineage] = nil
        lineageWaiters.removeValue(forKey: lineage)?.resume()
    }

    /// An effect run of a lineage finished: the lineage has settled when it was the last.
    private func finishLineageRun(_ lineage: Int) {
        guard let runs = lineageRuns[lineage] else { return }
        if runs > 1 { lineageRuns[lineage] = runs - 1 } else { endLineage(lineage) }
    }

    @inlinable
    func process(_ intent: Intent) {
        if middlewares.isEmpty { reduce(intent) } else { processThroughMiddleware(intent) }
    }

    @usableFromInline
    func processThroughMiddleware(_ intent: Intent) {
        let chain = middlewares
        func step(_ index: Int, _ intent: Intent) {
            guard index < chain.count else { return reduce(intent) }
            chain[index].intercept(intent, state: { self.stateValue }) { step(index + 1, $0) }
        }
        step(0, intent)
    }

    @inlinable
    func reduce(_ intent: Intent) {
        let effects: [Effect]
        if stateWasRead {
            stateWasRead = false
            var produced: [Effect] = []
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
    func record(_ intent: Intent) { intentLog.intents.append(intent) }

    @usableFromInline
    func notifySubscribers() {
        // The handlers run after `changes(in:)` returns, so they may read the state and send intents.
        for change in subscriptions.changes(in: &stateValue) { change.notify() }
    }

    // MARK: Effects

    /// Adds an effect handler; every effect the reducer returns from now on is passed to it.
    public func add<Handler: EffectHandler>(effectHandler: Handler)
    where Handler.Effect == Effect, Handler.Intent == Intent {
        handlers.append(
            ErasedEffectHandler(name: String(describing: Handler.self)) { effect, send in
                try await effectHandler.handle(effect: effect, send: send)
            })
    }

    /// Adds a Glue-style effect handler, called on the main actor with each effect as the reducer returns it.
    public func add<Handler: CallbackEffectHandler>(effectHandler: Handler)
    where Handler.Effect == Effect, Handler.Intent == Intent {
        callbackHandlers.append { [weak self] effect in
            effectHandler.handle(effect: effect) { intent in self?.receiveFromEffect(intent) }
        }
    }

    /// Adds an effect handler written as a closure.
    /// - Parameters:
    ///   - name: The handler's name in ``EffectFailure``s.
    ///   - handle: Runs one effect and may send intents back.
    public func addEffectHandler(
        name: String = "closure",
        _ handle: @escaping @Sendable (Effect, Send<Intent>) async throws -> Void
    ) {
        handlers.append(ErasedEffectHandler(name: name, handle: handle))
    }

    /// Cancels the running effects whose ``Effect/cancellationID`` is `id`; whatever they send afterwards is dropped.
    /// - Returns: How many effect runs were cancelled.
    @discardableResult
    public func cancelEffects(id: EffectID) -> Int {
        guard let runs = runsByID.removeValue(forKey: id) else { return 0 }
        return effectTasks.cancel(runs)
    }

    /// Cancels every running effect; whatever they send afterwards is dropped.
    public func cancelAllEffects() {
        effectTasks.cancelAll()
        runsByID.removeAll()
    }

    /// How many effect runs the store remembers by cancellation id, for tests of its bookkeeping.
    package var trackedCancellableRunCount: Int { runsByID.values.reduce(0) { $0 + $1.count } }

    /// How many effect runs (one per effect and handler) are in progress.
    public var runningEffectCount: Int { effectTasks.count }

    /// Suspends until no effect is running: for apps that must finish their work before they quit, previews, and
    /// tests.
    ///
    /// Effects started meanwhile are waited for too — an effect whose intent makes the reducer return more effects
    /// keeps the store busy until those finish. Built on continuations: the last effect to finish resumes the waiters.
    ///
    /// ```swift
    /// store.send(.save(document))
    /// await store.waitForEffects()          // the save effect and whatever it caused have finished
    /// ```
    /// - Returns: `true` when no effect is running, `false` when the waiting task was cancelled first.
    @discardableResult
    public func waitForEffects() async -> Bool {
        await effectTasks.waitUntilIdle(timeout: nil)
    }

    /// Suspends until no effect is running, or `timeout` passes.
    /// - Returns: `true` when no effect is running, `false` when `timeout` passed or the waiting task was cancelled
    ///   first; ``runningEffectCount`` then says how many are still running.
    @discardableResult
    public func waitForEffects(timeout: Duration) async -> Bool {
        await effectTasks.waitUntilIdle(timeout: timeout)
    }

    @usableFromInline
    func start(_ effects: [Effect]) {
        for effect in effects {
            for id in effect.cancels { cancelEffects(id: id) }
            if effect.cancelsInFlight, let id = effect.cancellationID { cancelEffects(id: id) }
            for handler in handlers { run(effect, with: handler) }
            for handler in callbackHandlers { handler(effect) }
        }
    }

    private func run(_ effect: Effect, with handler: ErasedEffectHandler) {
        nextEffectRun += 1
        let runID = nextEffectRun
        let tasks = effectTasks
        let lineage = currentLineage
        if let lineage { lineageRuns[lineage, default: 0] += 1 }
        let send = Send<Intent> { [weak self] intent in
            guard let self, tasks.contains(runID) else { return }
            self.receiveFromEffect(intent, lineage: lineage)
        }
        let report: @MainActor @Sendable (any Error) -> Void = { [weak self] error in
            self?.onEffectError(EffectFailure(effect: effect, error: error, handler: handler.name))
        }
        // Weak, as everything the task holds: a running effect never keeps its store alive.
        let finishLineage: @MainActor @Sendable (Int) -> Void = { [weak self] lineage in
            self?.finishLineageRun(lineage)
        }
        let task = Task {
            do {
                try await handler.handle(effect, send)
            } catch is CancellationError {
                // Cancelled on purpose: nothing to report.
            } catch {
                report(error)
            }
            tasks.finish(runID)
            if let lineage { finishLineage(lineage) }
        }
        effectTasks.insert(runID, task)
        if let id = effect.cancellationID {
            // Forget the runs of this id that have finished, so the table stays as small as what is running.
            var runs = runsByID[id, default: []].filter(tasks.contains)
            runs.insert(runID)
            runsByID[id] = runs
        }
    }

    private func receiveFromEffect(_ intent: Intent, lineage: Int? = nil) {
        if let effectIntentInterceptor { return effectIntentInterceptor(intent) }
        guard let lineage, lineageRuns[lineage] != nil else { return send(intent) }
        let outer = currentLineage
        currentLineage = lineage
        send(intent)
        currentLineage = outer
    }

    // MARK: Subscribing

    /// Calls `handler` with the selected value now, then whenever it changes.
    ///
    /// Subscriptions by key path are the cheapest kind: subscribers of one key path share one read and one
    /// comparison per intent.
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - handler: Receives the value, on the main actor.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let subscription = Subscription(id: subscriptions.makeID(), handler: handler)
        let current = stateValue[keyPath: keyPath]
        subscriptions.add(subscription, keyPath: keyPath) { Self.probe(reading: keyPath, from: current) }
        handler(current)
        return makeToken(subscription)
    }

    /// Calls `handler` with the selected value now, then whenever it changes (by `==`).
    ///
    /// The selector is `@Sendable`: a pure function of the state, such as `{ $0.items.count }`. It runs on every
    /// intent, so it should be cheap; being nonisolated, it costs no executor check per call.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value: Equatable>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        // Compares with `==` inside the probe, specialised here, rather than through an `isEqual` closure.
        let subscription = Subscription(id: subscriptions.makeID(), handler: handler)
        let initial = selector(stateValue)
        subscriptions.add(subscription, probe: Self.probe(selecting: selector, from: initial))
        handler(initial)
        return makeToken(subscription)
    }

    /// Calls `handler` with the selected value now, then after every intent: a value that is not `Equatable`
    /// cannot tell whether it changed.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<Value>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        subscribe(selector: selector, isEqual: nil, handler: handler)
    }

    /// Calls `handler` with the whole state now, then after every intent.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe(handler: @escaping @MainActor (State) -> Void) -> SubscriptionToken {
        subscribe(selector: { $0 }, isEqual: nil, handler: handler)
    }

    /// How many subscriptions are live.
    public var subscriptionCount: Int { subscriptions.count }

    @inlinable
    func subscribe<Value>(
        selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let subscription = Subscription(id: subscriptions.makeID(), handler: handler)
        let initial = selector(stateValue)
        subscriptions.add(subscription, probe: Self.probe(selecting: selector, isEqual: isEqual, from: initial))
        handler(initial)
        return makeToken(subscription)
    }

    @usableFromInline
    func makeToken(_ subscription: AnySubscription) -> SubscriptionToken {
        let id = subscription.id
        return SubscriptionToken(subscription: subscription, graveyard: subscriptions.graveyard) { [weak self] in
            self?.subscriptions.remove(id)
        }
    }
}

// Probes are made in nonisolated functions: a closure formed inside the store's main-actor methods would be
// main-actor-isolated, and calling it through the table's nonisolated `Probe` type would check the current executor
// on every call. The table calls probes only on the main actor, synchronously.
extension Store {
    @inlinable
    nonisolated static func probe<Value: Equatable>(
        reading keyPath: KeyPath<State, Value>,
        from current: Value
    ) -> Probe<State> {
        let last = LastValue(current)
        // A key path made only of stored properties of structs has a fixed offset: reading at it is a pointer
        // addition, where applying the key path walks its components at run time.
        if let offset = MemoryLayout<State>.offset(of: keyPath) {
            return { state in
                let value = withUnsafePointer(to: &state) {
                    UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
                }
                if value == last.value { return nil }
                last.value = value
                return SelectedValue(value)
            }
        }
        return { state in
            let value = state[keyPath: keyPath]
            if value == last.value { return nil }
            last.value = value
            return SelectedValue(value)
        }
    }

    @inlinable
    nonisolated static func probe<Value: Equatable>(
        selecting selector: @escaping @Sendable (State) -> Value,
        from initial: Value
    ) -> Probe<State> {
        let last = LastValue(initial)
        return { state in
            let value = selector(state)
            if value == last.value { return nil }
            last.value = value
            return SelectedValue(value)
        }
    }

    @inlinable
    nonisolated static func probe<Value>(
        selecting selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        from initial: Value
    ) -> Probe<State> {
        let last = LastValue(initial)
        return { state in
            let value = selector(state)
            if let isEqual, isEqual(last.value, value) { return nil }
            last.value = value
            return SelectedValue(value)
        }
    }
}

extension Store where State: Equatable {
    /// Calls `handler` with the whole state now, then whenever it changes (by `==`).
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe(handler: @escaping @MainActor (State) -> Void) -> SubscriptionToken {
        subscribe(selector: { $0 }, isEqual: { $0 == $1 }, handler: handler)
    }
}
