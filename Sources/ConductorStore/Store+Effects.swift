extension Store {
    /// Adds an effect handler; every effect the reducer returns from now on that it ``EffectHandler/handles(_:)``
    /// is passed to it.
    public func add<Handler: EffectHandler>(effectHandler: Handler)
    where Handler.EffectType == EffectType, Handler.IntentType == IntentType {
        handlers.append(
            ErasedEffectHandler(
                name: String(describing: Handler.self),
                handles: { effectHandler.handles($0) },
                handle: { effect, send in try await effectHandler.handle(effect: effect, send: send) }
            ))
    }

    /// Adds a feature's effect handler: it receives the feature's effects that `effect` finds in this store's
    /// effects, and what it sends is mapped into this store's intents by `intent`.
    ///
    /// ```swift
    /// store.add(
    ///     SearchEffectHandler(),
    ///     effect: { if case .search(let effect) = $0 { effect } else { nil } },
    ///     intent: AppIntent.search
    /// )
    /// ```
    ///
    /// The effect's cancellation is the feature's when the app's effect names it in ``Effect/wrappedEffect``, so
    /// `cancelEffects(id:)` with the feature's id cancels it. No task starts for an effect `effect` does not find.
    /// - Parameters:
    ///   - handler: The feature's handler.
    ///   - effect: The feature's effect in one of this store's, or `nil` when it holds none.
    ///   - intent: Maps the feature's intents into this store's.
    public func add<Handler: EffectHandler>(
        _ handler: Handler,
        effect: @escaping @Sendable (EffectType) -> Handler.EffectType?,
        intent: @escaping @Sendable (Handler.IntentType) -> IntentType
    ) {
        handlers.append(
            ErasedEffectHandler(
                name: String(describing: Handler.self),
                handles: { effect($0).map(handler.handles) ?? false },
                handle: { whole, send in
                    guard let part = effect(whole) else { return }
                    try await handler.handle(effect: part, send: send.map(intent))
                }
            ))
    }

    /// Adds a Glue-style effect handler, called on the main actor with each effect as the reducer returns it.
    package func add<Handler: CallbackEffectHandler>(effectHandler: Handler)
    where Handler.EffectType == EffectType, Handler.IntentType == IntentType {
        callbackHandlers.append { [weak self] effect in
            // What the handler dispatches while its effect's intent is processed belongs to that intent's call.
            let context = self?.sendState.current ?? IntentContext()
            effectHandler.handle(effect: effect) { intent in self?.receiveFromEffect(intent, context: context) }
        }
    }

    /// Adds an effect handler written as a closure.
    /// - Parameters:
    ///   - name: The handler's name in ``EffectFailure``s.
    ///   - handle: Runs one effect and may send intents back.
    public func addEffectHandler(
        name: String = "closure",
        _ handle: @escaping @Sendable (EffectType, Send<IntentType>) async throws -> Void
    ) {
        handlers.append(ErasedEffectHandler(name: name, handles: { _ in true }, handle: handle))
    }

    /// Adds an observer of every effect run — its start, then its outcome and duration — for inspectors and logs.
    ///
    /// Several observers may listen at once; each goes away with its `owner`, which the store holds weakly, or with
    /// ``removeEffectObservers(of:)``. With none, an effect run costs one check.
    /// - Parameters:
    ///   - owner: What the observer belongs to, such as an inspector's session.
    ///   - observer: Hears each ``EffectEvent``, on the main actor.
    public func addEffectObserver(
        _ owner: AnyObject,
        _ observer: @escaping @MainActor (EffectEvent<EffectType>) -> Void
    ) {
        effectObservers.append((Weak(object: owner), observer))
    }

    /// How many effect observers are live, for tests of who added and removed them.
    package var effectObserverCount: Int { effectObservers.filter { $0.owner.object != nil }.count }

    /// Removes the effect observers `owner` added, and only those.
    public func removeEffectObservers(of owner: AnyObject) {
        effectObservers.removeAll { $0.owner.object === owner || $0.owner.object == nil }
    }

    /// Cancels the running effects whose ``Effect/cancellationID`` is `id`; whatever they send afterwards is dropped.
    /// - Returns: How many effect runs were cancelled.
    @discardableResult
    public func cancelEffects(id: EffectID) -> Int {
        if let connection { return connection.parent.cancelEffects(id: id) }  // a scope's effects are its root's
        guard let runs = runsByID.removeValue(forKey: id) else { return 0 }
        return effectTasks.cancel(runs)
    }

    /// Cancels every running effect; whatever they send afterwards is dropped.
    package func cancelAllEffects() {
        effectTasks.cancelAll()
        runsByID.removeAll()
    }

    /// How many effect runs the store remembers by cancellation id, for tests of its bookkeeping.
    package var trackedCancellableRunCount: Int { runsByID.values.reduce(0) { $0 + $1.count } }

    /// How many effect runs (one per effect and handler) are in progress: whether the store is busy, for a busy
    /// indicator (`store.runningEffectCount > 0`). Observing it is not supported: read it when the state changes.
    public var runningEffectCount: Int { connection?.parent.runningEffectCount ?? effectTasks.count }

    /// Suspends until no effect is running, or `timeout` passes: for apps that must finish their work before they
    /// quit, previews, and tests.
    ///
    /// Effects started meanwhile are waited for too — an effect whose intent makes the reducer return more effects
    /// keeps the store busy until those finish. Built on continuations: the last effect to finish resumes the waiters.
    ///
    /// ```swift
    /// store.send(.save(document))
    /// await store.waitForEffects()          // the save effect and whatever it caused have finished
    /// ```
    /// - Parameter timeout: How long to wait at most; `nil` (the default) waits as long as it takes.
    /// - Returns: `true` when no effect is running, `false` when `timeout` passed or the waiting task was cancelled
    ///   first.
    @discardableResult
    public func waitForEffects(timeout: Duration? = nil) async -> Bool {
        if let connection { return await connection.parent.waitForEffects(timeout: timeout) }
        return await effectTasks.waitUntilIdle(timeout: timeout)
    }
}
