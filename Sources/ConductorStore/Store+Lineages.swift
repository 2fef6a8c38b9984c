// The bookkeeping of what an intent belongs to, beside the engine in Store.swift: the lineage of a `sendAndWait`
// (the effect runs it waits for and the intents it returns), and the owner of a scope's intent (the effect runs that
// end with the scope). Both are carried by the intents queued and fed back while they are current.

extension Store {
    // MARK: Waiting for an intent's effects

    /// Sends an intent and suspends until the effects it started have finished — with the effects of the intents
    /// those sent back, and so on — then returns the intents they sent back, in the order they were processed: the
    /// intent's own answer. The state then holds everything the intent caused.
    ///
    /// ```swift
    /// let answer = await store.sendAndWait(.save(title: "Milk"))
    /// for case .saved(let item) in answer { show(item) }           // this call's item, whatever else ran meanwhile
    /// ```
    ///
    /// What is returned belongs to this call alone: with two calls in flight, each gets the intents its own effects
    /// sent back, never the other's — read answers here rather than from shared "last result" fields of the state.
    /// Unrelated effects that were running before, or that other intents start meanwhile, are not waited for (use
    /// ``waitForEffects(timeout:)`` for those). Cancelling the waiting task stops the wait, not the effects, and returns what
    /// arrived so far.
    @discardableResult
    public func sendAndWait(_ intent: IntentType) async -> [IntentType] {
        await sendAndWait(intent, owner: nil)
    }

    /// ``sendAndWait(_:)`` for an intent a scope sent: what its effects start belongs to `owner` too.
    func sendAndWait(_ intent: IntentType, owner: Int?) async -> [IntentType] {
        if let connection { return await connection.sendAndWait(intent, owner: owner ?? connection.owner) }
        let lineage = sendState.beginLineage()
        let outer = sendState.current
        sendState.current = IntentContext(lineage: lineage, owner: owner)
        send(intent)
        sendState.current = outer
        if sendState.mayHaveRuns(lineage) {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    // Ended already (cancelled before it got here): nothing to wait for.
                    if !sendState.wait(for: lineage, continuation) { continuation.resume() }
                }
            } onCancel: {
                Task { @MainActor [weak self] in self?.endLineage(lineage) }
            }
        }
        endLineage(lineage)
        assert(sendState.isConsistent, "The store's send-path bookkeeping broke an invariant (SendState).")
        return sendState.takeAnswer(lineage)
    }

    /// Forgets a lineage and resumes its waiter; later effect runs of it are no longer counted.
    func endLineage(_ lineage: Int) {
        sendState.endLineage(lineage)?.resume()
    }

    /// An effect run started under `context` finished: a lineage it was the last run of has settled.
    func runFinished(_ run: Int, _ context: IntentContext) {
        sendState.runFinished(run, context)?.resume()
    }

    // MARK: Scopes' intents

    /// Sends an intent a scope sent: what it starts — effect runs, and what they send back — belongs to `owner`, and
    /// is cancelled when the scope ends (``cancelEffects(ownedBy:)``). A scope of a scope passes it on.
    func send(_ intent: IntentType, owner: Int) {
        if let connection { return connection.send(intent, owner: owner) }
        let outer = sendState.current
        sendState.current.owner = owner
        send(intent)
        sendState.current = outer
    }

    /// Whether effect runs that intents of the scope `owner` started are running.
    func hasEffects(ownedBy owner: Int) -> Bool {
        if let connection { return connection.parent.hasEffects(ownedBy: owner) }
        return sendState.hasRuns(ownedBy: owner)
    }

    /// Cancels the effect runs that intents of the scope `owner` started, and what they started in turn; whatever
    /// they send afterwards is dropped.
    /// - Returns: How many effect runs were cancelled.
    @discardableResult
    func cancelEffects(ownedBy owner: Int) -> Int {
        if let connection { return connection.cancelEffects(ownedBy: owner) }
        let runs = sendState.endOwner(owner)
        return runs.isEmpty ? 0 : effectTasks.cancel(runs)
    }
}
