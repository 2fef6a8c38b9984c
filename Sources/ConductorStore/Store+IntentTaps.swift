internal import IssueReporting

extension Store {
    /// Where the store writes each intent it processes (``IntentTap``), before its reducer, in the order they were
    /// added: for recorders on the per-frame path — one per window over a shared store. Added with
    /// ``addIntentTap(_:)``, removed with ``removeIntentTap(_:)``.
    public var intentTaps: [IntentTap<IntentType>] { firstIntentTap.map { [$0] + otherIntentTaps } ?? [] }

    /// Adds a tap the store writes each intent to, once (a tap added again stays where it was). The store holds it
    /// until ``removeIntentTap(_:)``: a tap is the recorder's buffer, and holds its recorder weakly. A scoped store's
    /// intents are its root's: add it to the root store (a scoped store reports the call and keeps none).
    public func addIntentTap(_ tap: IntentTap<IntentType>) {
        if let connection {
            reportIssue(
                "addIntentTap was called on the store of \(connection.name), a scoped store, whose intents its root "
                    + "store processes: add the tap to the root store instead.")
            return
        }
        guard !intentTaps.contains(where: { $0 === tap }) else { return }
        if firstIntentTap == nil { firstIntentTap = tap } else { otherIntentTaps.append(tap) }
    }

    /// Removes a tap: nothing more is written to it.
    public func removeIntentTap(_ tap: IntentTap<IntentType>) {
        if firstIntentTap === tap {
            firstIntentTap = otherIntentTaps.isEmpty ? nil : otherIntentTaps.removeFirst()
        } else {
            otherIntentTaps.removeAll { $0 === tap }
        }
        assert(firstIntentTap != nil || otherIntentTaps.isEmpty, "Store's intent taps: another tap without a first")
    }

    /// Writes `intent` to every tap, those a tap's checkpoint takes off included: out of `process`, which stays as
    /// small with one tap as it was.
    @inlinable @inline(never)
    func writeToEveryTap(_ intent: IntentType) {
        // Read before writing (a tap's checkpoint may take taps off), without making an array: no allocation a send.
        let others = otherIntentTaps
        let isAnswer = sendState.current.isAnswer
        firstIntentTap?.write(intent, isAnswer: isAnswer)
        for tap in others { tap.write(intent, isAnswer: isAnswer) }
    }
}
