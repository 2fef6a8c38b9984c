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

    func processHeld() -> Int {
        guard !isTraveling else { return 0 }
        let pending = held
        held.removeAll()
        guard let store else { return 0 }
        for intent in pending { store.send(intent) }
        return pending.count
    }

    var latestStep: Int { baseStep + intents.count }

    /// Keeps an intent sent while travelling for ``resume()``; past the session's bound, resumes on its own (soon,
    /// outside the store's processing) so nothing held is lost and the list stays bounded.
    func hold(_ intent: IntentType) {
        held.append(intent)
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
        guard let store else { return }
        if let live = liveState { store.restore(live) }
        liveState = nil
        for intent in pending { store.send(intent) }
    }
}
