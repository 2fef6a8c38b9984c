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
        if let connection { return await connection.sendAndWait(intent) }
        return await sendAndWait(intent, owner: nil)
    }

    /// ``sendAndWait(_:)`` for an intent a scope sent: what its effects start belongs to `owner` too.
    func sendAndWait(_ intent: IntentType, owner: Int?) async -> [IntentType] {
        if let connection, let owner { return await connection.sendAndWait(intent, owner: owner) }
        nextLineage += 1
        let lineage = nextLineage
        lineageRuns[lineage] = 0
        lineageIntents[lineage] = []
        let outer = currentLineage
        let outerOwner = currentOwner
        currentLineage = lineage
        currentOwner = owner
        send(intent)
        currentLineage = outer
        currentOwner = outerOwner
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
        return Array((lineageIntents.removeValue(forKey: lineage) ?? []).dropFirst())
    }

    /// Forgets a lineage and resumes its waiter; later effect runs of it are no longer counted.
    func endLineage(_ lineage: Int) {
        lineageRuns[lineage] = nil
        lineageWaiters.removeValue(forKey: lineage)?.resume()
    }

    /// An effect run of a lineage finished: the lineage has settled when it was the last.
    func finishLineageRun(_ lineage: Int) {
        guard let runs = lineageRuns[lineage] else { return }
        if runs > 1 { lineageRuns[lineage] = runs - 1 } else { endLineage(lineage) }
    }

    // MARK: Scopes' intents

    /// Sends an intent a scope sent: what it starts — effect runs, and what they send back — belongs to `owner`, and
    /// is cancelled when the scope ends (``cancelEffects(ownedBy:)``). A scope of a scope passes it on.
    func send(_ intent: IntentType, owner: Int) {
        if let connection { return connection.send(intent, owner: owner) }
        let outerOwner = currentOwner
        currentOwner = owner
        send(intent)
        currentOwner = outerOwner
    }

    /// An effect run a scope's intent started has finished.
    func finishOwnedRun(_ run: Int, of owner: Int) {
        guard var runs = runsByOwner[owner] else { return }
        runs.remove(run)
        runsByOwner[owner] = runs.isEmpty ? nil : runs
    }

    /// Whether effect runs that intents of the scope `owner` started are running.
    func hasEffects(ownedBy owner: Int) -> Bool {
        if let connection { return connection.parent.hasEffects(ownedBy: owner) }
        return runsByOwner[owner] != nil
    }

    /// Cancels the effect runs that intents of the scope `owner` started, and what they started in turn; whatever
    /// they send afterwards is dropped.
    /// - Returns: How many effect runs were cancelled.
    @discardableResult
    func cancelEffects(ownedBy owner: Int) -> Int {
        if let connection { return connection.cancelEffects(ownedBy: owner) }
        guard let runs = runsByOwner.removeValue(forKey: owner) else { return 0 }
        return effectTasks.cancel(runs)
    }
}
