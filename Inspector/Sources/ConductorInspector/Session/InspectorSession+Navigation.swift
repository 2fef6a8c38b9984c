internal import ConductorCoordinators
internal import ConductorRecording
internal import Observation

extension InspectorSession {
    /// Records the navigation on the main actor's next turn, once the work under way — an intent and its event —
    /// is over; several calls meanwhile record once.
    func publishNavigationSoon() {
        guard !isNavigationPublishScheduled else { return }
        isNavigationPublishScheduled = true
        Task { [weak self] in
            self?.isNavigationPublishScheduled = false
            self?.publishNavigationIfChanged()
        }
    }

    /// Records the coordinator tree and the stacks now, when they differ from the last recorded. While time travel
    /// shows the past, the navigation it restores is not the app's history and is not recorded.
    func publishNavigationIfChanged() {
        guard navigation.isWatching, !isTravelingInTime else { return }
        let tree = navigation.tree()
        let stacks: [StackNode]
        if isTrackingStacks {
            stacks = navigation.stacks()
        } else {
            // Reading the stacks tracks them (routers and tab containers are `@Observable`): a push, a pop or a tab
            // selected with no other event is recorded on the next turn. One tracking at a time: it fires once, and
            // the next reading arms it again.
            isTrackingStacks = true
            stacks = withObservationTracking {
                navigation.stacks()
            } onChange: { [weak self] in
                Task { @MainActor in
                    guard let session = self else { return }
                    session.isTrackingStacks = false
                    // Published a turn later: under the latest cause that began — a link opened right after a
                    // command moved the screen last — never the cause this task inherited from the first change.
                    Cause.$current.withValue(session.causeTap.latest) { session.publishNavigationIfChanged() }
                }
            }
        }
        // The places too: a pop inside a flow whose router is not watched changes only the flow's place.
        let restorable = navigation.restorableTreeOnly()
        if let last = lastNavigation, last.tree == tree, last.stacks == stacks, last.restorable == restorable {
            return
        }
        lastNavigation = (tree, stacks, restorable)
        var entry = Entry(
            sequence: nextSequence, elapsed: ContinuousClock.now - started, kind: .navigation,
            lazyTitle: LazyTitle { [navigation] in navigation.visiblePath(tree) }, source: "navigation", step: nil,
            target: nil, render: { [:] },
            details: nil, record: nil)
        entry.tree = tree
        entry.stacks = stacks
        entry.navigation = restorable
        if let cause = Cause.current {
            causeTap.willRecord(under: cause)  // a link's own event first
            entry.sequence = nextSequence
            entry.cause = cause
            causeTap.trace(.navigation, entry.title, source: "navigation", under: cause)
        }
        nextSequence += 1
        append(entry)
        if !subscribers.isEmpty { publishNewest() }
    }
}
