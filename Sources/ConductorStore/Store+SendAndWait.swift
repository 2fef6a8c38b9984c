extension Store {
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
    /// ``waitForEffects()`` for those). Cancelling the waiting task stops the wait, not the effects, and returns what
    /// arrived so far.
    @discardableResult
    public func sendAndWait(_ intent: IntentType) async -> [IntentType] {
        nextLineage += 1
        let lineage = nextLineage
        lineageRuns[lineage] = 0
        lineageIntents[lineage] = []
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
}
