internal import ConductorCoordinators
internal import ConductorRecording

extension InspectorSession {
    /// Shows the app as it was right after event `sequence`: each watched store's state then — replayed through its
    /// reducer from the state it had when watched — and the watched coordinator tree's stacks, tabs and presented
    /// flows then (`NavigationTree`), and the app's screens follow. An imported intent shows its store's imported
    /// state, the rest as they are. Until ``resume()``, the intents sent to travelling stores are held, not
    /// processed: no reducer runs on the state shown, and no effect starts. What the app sends in reaction to the
    /// move itself — a subscriber of the state shown, a flow the tree starts — is dropped, and counted in the notice.
    /// - Throws: ``InspectorError/Code/cannotTravel`` when the event has left the ring, belongs to an import a later
    ///   one replaced, or is older than what a store keeps.
    package func travel(to sequence: Int) throws(InspectorError) {
        // The live navigation is recorded before the first step back (which may move the ring), and kept for
        // `resume()`.
        if !isTravelingInTime { publishNavigationIfChanged() }
        guard let index = index(ofSequence: sequence) else {
            throw InspectorError(
                .cannotTravel,
                "Event \(sequence) is not in the inspector's ring any more; travel to a later event.")
        }
        let found = entry(at: index)
        if let target = found.target, target.isImported, let step = found.step, let store = stores[found.source] {
            let show = try store.prepareTravel(to: target)
            moving { show() }
            return notice(
                "time travel: \(found.source) after imported step \(step) (\(found.title))", fields: reactionsDropped())
        }
        guard !stores.isEmpty || navigation.isWatching else {
            throw InspectorError(
                .cannotTravel, "Nothing is watched: watch a store or a coordinator tree to travel in time.")
        }
        // Everything is worked out before anything moves: a store that cannot show its step leaves the app live and
        // untouched, and what moving sets off — flows a restored state starts, links offered, notices — cannot shift
        // the ring positions read here.
        var moves: [(name: String, step: Int, show: @MainActor () -> Void)] = []
        for name in stores.keys.sorted() {
            // A store that was released has nothing to show; travel leaves it out.
            guard let store = stores[name], !store.isGone, let step = liveStep(of: name, after: index) else { continue }
            moves.append((name, step, try store.prepareTravel(to: .live(step: step))))
        }
        let live = isTravelingInTime ? liveNavigation : navigation.restorableTree()
        let tree = navigationTree(after: index, live: live?.tree)
        if !isTravelingInTime {
            isTravelingInTime = true
            // Causes that begin from now on are set off on screens of the past (see WatchedStore.processHeld).
            travelBeganAfterTrace = causeTap.latest?.trace ?? 0
            liveNavigation = live
            travelRoot = navigation.root
            liveFlows = navigation.root.map(FlowPlaces.init(of:))
        }
        // Every store holds before any shows the past; what the app sends in reaction to the past is dropped.
        for move in moves { stores[move.name]?.holdLive() }
        var fields: [String: String] = [:]
        moving {
            for move in moves { move.show() }
            if let tree, let root = travelRoot {
                let report = tree.restore(into: root)
                if !report.losses.isEmpty {
                    fields["navigation not restored"] = report.losses.map(\.description).joined(separator: "; ")
                }
            }
        }
        fields.merge(reactionsDropped()) { first, _ in first }
        if !moves.isEmpty { fields["stores"] = moves.map { "\($0.name) step \($0.step)" }.joined(separator: ", ") }
        notice("time travel: after \(found.kind.rawValue) \(sequence) (\(found.title))", fields: fields)
    }

    /// The step of store `name` right after the event at ring `index`: the step of its latest live intent up to
    /// there: the one before its first live intent after, or its latest when it has none after. Every watched store
    /// travels, so that each holds what is sent to it until ``resume()``.
    private func liveStep(of name: String, after index: Int) -> Int? {
        for later in (index + 1)..<ring.count {
            let entry = entry(at: later)
            if entry.kind == .intent, entry.source == name, let target = entry.target, !target.isImported,
                let step = entry.step
            {
                return step - 1
            }
        }
        return stores[name]?.latestStep
    }

    /// The kinds of event that cause navigation, whose taps record the navigation before they begin.
    static let causes: Set<InspectorEvent.Kind> = [.intent, .command, .action, .deepLink]

    /// The navigation right after the event at ring `index`: a navigation event's own; otherwise the last
    /// navigation recorded after it and before the next event that causes navigation (what this one caused), or
    /// else the last before it, or else `live` when nothing was recorded since.
    private func navigationTree(after index: Int, live: NavigationTree?) -> NavigationTree? {
        let found = entry(at: index)
        if found.kind == .navigation { return found.navigation }
        var caused: NavigationTree?
        var later = index + 1
        while later < ring.count, !Self.causes.contains(entry(at: later).kind) {
            if entry(at: later).kind == .navigation { caused = entry(at: later).navigation }
            later += 1
        }
        if let caused { return caused }
        var earlier = index
        while earlier >= 0 {
            if entry(at: earlier).kind == .navigation { return entry(at: earlier).navigation }
            earlier -= 1
        }
        // No navigation was recorded up to the event: the tree has not changed since, unless it changed later.
        let changedLater = (index + 1..<ring.count).contains { entry(at: $0).kind == .navigation }
        return changedLater ? nil : live
    }

    /// Returns every store that time travel moved to its live state — the state it had when travel began — and the
    /// coordinator tree to where it was (what the app sends in reaction is dropped), then processes, in order, the
    /// intents each store held meanwhile, and only then offers the live tree to what waited for it (kept links).
    /// - Parameter reason: Why, when the inspector resumed on its own; said in the notice.
    package func resume(reason: String? = nil) {
        let traveling = stores.keys.sorted().compactMap { name in stores[name].flatMap { $0.isTraveling ? $0 : nil } }
        let moved = isTravelingInTime || !traveling.isEmpty
        var fields: [String: String] = [:]
        if let reason { fields["reason"] = reason }
        // The stores and the tree go back as they were, with travel still on: what the app sends in reaction is
        // dropped (the live state had its reactions when it was live), and kept links wait until the tree is whole.
        let root = travelRoot
        moving {
            for store in traveling { store.restoreLive() }
            if let live = liveNavigation, let root {
                let report = live.tree.restore(into: root)
                if !report.losses.isEmpty {
                    fields["navigation not restored"] = report.losses.map(\.description).joined(separator: "; ")
                }
            }
        }
        fields.merge(reactionsDropped()) { first, _ in first }
        let flows = liveFlows
        isTravelingInTime = false
        travelingPage = nil
        liveNavigation = nil
        travelRoot = nil
        liveFlows = nil
        // Then what the user sent meanwhile, in order, and only then what waited for the live tree (kept links).
        var processed = 0
        for store in traveling { processed += store.processHeld() }
        if processed > 0 { fields["held intents processed"] = "\(processed)" }
        // A flow travel ended — a sheet whose save was in flight — hands its late answer to the flow restored in its
        // place: the save closes the sheet the user sees, which never waits for a second. After the move and what
        // was held: what that answer sets off is the live app's.
        if let root, let handed = flows?.handOff(to: root), !handed.isEmpty {
            fields["answers on their way go to the flows restored in place"] = handed.sorted().joined(separator: ", ")
        }
        if moved { offerHeldLinks() }
        if moved { notice("resumed live", fields: fields) }
    }

    /// Runs `body` — time travel moving the stores or the tree — with the app's reactions dropped.
    private func moving(_ body: () -> Void) {
        isMovingInTime = true
        defer { isMovingInTime = false }
        body()
    }

    /// Drops an intent the app sent in reaction to a move of time travel, and counts it for the move's notice.
    func dropReaction(store: String) {
        droppedReactions[store, default: 0] += 1
    }

    /// The notice's field for the reactions the last move dropped, and a fresh count.
    private func reactionsDropped() -> [String: String] {
        defer { droppedReactions.removeAll() }
        guard !droppedReactions.isEmpty else { return [:] }
        let text = droppedReactions.keys.sorted().map { "\(droppedReactions[$0] ?? 0) to \($0)" }
        return ["intents the app sent in reaction, dropped": text.joined(separator: ", ")]
    }

    /// Whether time travel is under way: a watched store shows a past or imported state, or the navigation a past
    /// one.
    package var isTraveling: Bool { isTravelingInTime || stores.values.contains(where: \.isTraveling) }

    /// How many intents travelling stores hold for ``resume()``.
    package var heldIntentCount: Int { stores.values.reduce(0) { $0 + $1.heldCount } }
}
