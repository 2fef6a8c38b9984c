public import ConductorCoordinators
internal import ConductorRecording

extension InspectorSession {
    /// Holds the links `links` would offer while time travel shows the past (a gate, `DeferredDeepLinks.addGate`),
    /// and offers them to the live tree when it resumes: a link the user opens meanwhile lands where the user is,
    /// not in the past on screen.
    public func watch(_ links: DeferredDeepLinks) {
        observeCauses()
        links.addGate(owner: self) { [weak self] in
            self?.isTravelingInTime == true ? "time travel shows the past" : nil
        }
        watchedLinks.append(WeakLinks(object: links))
        detachers.append { [weak self, weak links] in
            guard let self else { return }
            links?.removeGates(of: self)
            watchedLinks.removeAll { $0.object == nil || $0.object === links }
        }
    }

    /// Offers the links held while travel showed the past, now that the live tree is back.
    func offerHeldLinks() {
        watchedLinks.removeAll { $0.object == nil }
        for links in watchedLinks { links.object?.offerKept() }
    }

    /// A link's first event in the session (``CauseTap``): its own event is recorded now, before the navigation and
    /// the work it set off, and says what became of it once the tree tells (``linkTold(_:source:)``).
    func linkBegan(_ cause: Cause, outcome: LinkOutcome) {
        add(.deepLink, cause.name, source: "link", causedNavigation: true) {
            guard outcome.isKnown else { return ["link": "(opening)"] }
            var fields = ["link": outcome.link ?? "(none)"]
            if let error = outcome.error { fields["error"] = error }
            return fields
        }
    }

    /// The tree told its deep-link observers what became of a link: the outcome of the link's event, and a notice
    /// when it was not taken now (kept, dropped or refused), so that a page that showed the event as it began learns
    /// it too.
    func linkTold(_ event: DeepLinkEvent, source: String) {
        if let cause = Cause.current, cause.kind == .link {
            causeTap.willRecord(under: cause)
        }
        if let cause = Cause.current, let outcome = causeTap.outcome(of: cause), !outcome.isKnown {
            outcome.link = event.link
            outcome.error = event.error?.description
            outcome.isKnown = true
            if let error = event.error { notice("link \(event.source): \(error.description)") }
            return
        }
        // Told outside the link's own cause (a kept link taken later): recorded as its own event.
        add(.deepLink, event.source, source: source, causedNavigation: true) {
            var fields = ["link": event.link ?? "(none)"]
            if let error = event.error { fields["error"] = error.description }
            return fields
        }
    }
}

/// Links watched by a session, held weakly.
@MainActor
struct WeakLinks {
    weak var object: DeferredDeepLinks?
}
