extension Store {
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
    public func sendAndWait(_ intent: IntentType) async {
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
