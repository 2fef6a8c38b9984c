extension Store {
    /// Adds an effect handler: every effect the reducer returns from now on that it ``EffectHandler/handles(_:)``
    /// is run by it, in a task of its own. The one way to attach effects: a closure is a ``ClosureEffectHandler``, a
    /// feature's handler on this store is ``EffectHandler/scoped(effect:intent:)``.
    public func add<Handler: EffectHandler>(effectHandler: Handler)
    where Handler.EffectType == EffectType, Handler.IntentType == IntentType {
        handlers.append(
            ErasedEffectHandler(
                name: effectHandler.name,
                handles: { effectHandler.handles($0) },
                handle: { effect, send in try await effectHandler.handle(effect: effect, send: send) }
            ))
    }

    /// Adds an effect handler run on the main actor as its effect is returned, before the next intent
    /// (``MainActorEffectHandler``); what it sends belongs to the intent's `sendAndWait` and scope.
    public func add<Handler: MainActorEffectHandler>(effectHandler: Handler)
    where Handler.EffectType == EffectType, Handler.IntentType == IntentType {
        mainActorHandlers.append(
            MainActorRun(name: effectHandler.name) { [weak self] effect in
                let context = self?.sendState.current ?? IntentContext()
                try effectHandler.handle(effect: effect) { intent in self?.receiveFromEffect(intent, context: context) }
            })
    }

    /// Adds an observer of every effect run — its start, then its outcome and duration — for inspectors and logs.
    ///
    /// Several observers may listen at once; each goes away with its `owner`, which the store holds weakly, or with
    /// ``removeEffectObservers(of:)``. With none, an effect run costs one check.
    /// - Parameters:
    ///   - owner: What the observer belongs to, such as an inspector's session.
    ///   - observer: Hears each ``EffectEvent``, on the main actor.
    public func addEffectObserver(
        owner: AnyObject,
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

    /// Cancels the running effects whose ``Effect/cancellationID`` is `id` because the flow `flow` ended: what they
    /// send afterwards is dropped and reported (IssueReporting's `reportIssue`), as an intent sent to an ended scope
    /// is. For `BaseCoordinator.cancelEffectsWhenEnded(_:of:)`.
    /// - Returns: How many effect runs were cancelled.
    @discardableResult
    package func cancelEffects(id: EffectID, endingFlow flow: String) -> Int {
        if let connection { return connection.parent.cancelEffects(id: id, endingFlow: flow) }
        guard let runs = runsByID.removeValue(forKey: id) else { return 0 }
        return effectTasks.cancel(runs, because: flow)
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
