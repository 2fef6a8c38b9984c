internal import ConductorRecording
internal import ConductorStore

extension WatchedStore {
    func prepareTravel(to target: TravelTarget) throws(InspectorError) -> @MainActor () -> Void {
        guard let store else {
            throw InspectorError(.cannotTravel, "Store '\(name)' is gone: nothing to travel.")
        }
        let state: State
        switch target {
        case .live(let step):
            guard step >= baseStep else {
                throw InspectorError(
                    .cannotTravel,
                    "Step \(step) of store '\(name)' is older than the \(maximumKeptIntents) intents the inspector "
                        + "keeps; travel to a later one.")
            }
            state = store.replayed(intents.prefix(step - baseStep), onto: base)
        case .imported(let batch, let step):
            guard let imported = importedState(batch: batch, step: step) else {
                throw InspectorError(
                    .cannotTravel,
                    "That step belongs to a session imported into store '\(name)' before the latest import replaced "
                        + "it; import it again to see it.")
            }
            state = imported
        }
        return { [weak self, weak store] in
            guard let self, let store else { return }
            self.holdLive()
            store.restore(state)
        }
    }

    var isGone: Bool { store == nil }

    func holdLive() {
        guard !isTraveling, let store else { return }
        liveState = store.state
        isTraveling = true
    }

    func resume() -> Int {
        restoreLive()
        return processHeld()
    }

    func restoreLive() {
        guard isTraveling else { return }
        isTraveling = false
        resumeScheduled = false
        let live = liveState
        liveState = nil
        if let live { store?.restore(live) }
    }

    /// Processes the intents held while travelling, in order — but not those a command, an action or a link set off
    /// during the travel: the user set those off on a screen of the past, which the live app may not even offer (a
    /// `login` typed on a past sign-in screen). They are dropped and told, with their cause, in a notice; what the
    /// live app sent meanwhile (an effect's answer, a timer, an intent sent on its own) is processed.
    func processHeld() -> Int {
        guard !isTraveling else { return 0 }
        let pending = held
        let causes = heldCauses
        held.removeAll()
        heldCauses.removeAll()
        guard let store else { return 0 }
        let travelBegan = session?.travelBeganAfterTrace ?? Int.max
        var dropped: [String] = []
        var processed = 0
        for (index, intent) in pending.enumerated() {
            let cause = causes.indices.contains(index) ? causes[index] : nil
            if let cause, cause.kind != .intent, cause.trace > travelBegan {
                dropped.append("\(InspectorSession.preview(intent)) (\(cause.kind) \(cause.name))")
                continue
            }
            store.send(intent)
            processed += 1
        }
        if !dropped.isEmpty {
            session?.notice(
                "dropped \(dropped.count) intent(s) of \(name) set off on a screen of the past: the live app did not "
                    + "see them",
                fields: ["dropped": dropped.joined(separator: "; ")])
        }
        return processed
    }

    var latestStep: Int { baseStep + intents.count }

    /// Keeps an intent sent while travelling for ``resume()``; past the session's bound, resumes on its own (soon,
    /// outside the store's processing) so nothing held is lost and the list stays bounded.
    func hold(_ intent: IntentType) {
        held.append(intent)
        heldCauses.append(Cause.current)
        if let trace = Cause.current?.trace { session?.tracesWithHeldIntents.insert(trace) }
        if held.count == 1 {
            session?.notice(
                "holding the intents sent to \(name) while it travels: resume live to process them",
                fields: ["first held": InspectorSession.preview(intent)])
        }
        guard let limit = session?.maximumHeldIntents, held.count >= limit, !resumeScheduled else { return }
        resumeScheduled = true
        Task { [weak self] in
            // Not when a resume came first (it clears `resumeScheduled`): that travel is over.
            guard let self, self.resumeScheduled, self.isTraveling else { return }
            // The whole app returns to live — every store and the navigation — not this store alone.
            let reason = "\(self.name) held \(self.held.count) intent(s), the most it holds"
            if let session = self.session { session.resume(reason: reason) } else { _ = self.resume() }
        }
    }

    /// The session went away while the store travelled: the live state comes back, and the held intents then this
    /// one are processed — queued behind the intent being processed, in order.
    func resumeWithoutSession(then intent: IntentType) {
        isTraveling = false
        let pending = held + [intent]
        held.removeAll()
        heldCauses.removeAll()
        guard let store else { return }
        if let live = liveState { store.restore(live) }
        liveState = nil
        for intent in pending { store.send(intent) }
    }
}
