internal import ConductorRecording
internal import IssueReporting

/// Deep links that arrive before the app can show them — before sign-in, before the flow that takes them exists —
/// kept and offered again until a flow takes them, instead of thrown away.
///
/// Open links through it instead of ``BaseCoordinator/open(_:)``: a link that a flow takes now is taken now; one that
/// no flow takes, or whose requirement (a signed-in user) is not met, is kept — at most ``capacity`` links, each for at
/// most ``lifetime`` — and offered again, oldest first, each time the tree's active path changes (a child flow starts
/// or ends, a tab is selected). A link that expires, or is pushed out by newer ones, is dropped. Every step is told to
/// the tree's deep-link observers (``BaseCoordinator/addDeepLinkObserver(owner:_:)``) as a ``DeepLinkEvent``: kept
/// (``DeepLinkError/Code/deferred``), dropped (``DeepLinkError/Code/dropped``), and taken.
///
/// A flow presented over the screens (``BaseCoordinator/presentChild(_:showing:on:animated:dismissedOutput:onFinish:)``)
/// may be in a link's way; ``ModalPolicy`` says what happens to it.
///
/// ```swift
/// let deferred = DeferredDeepLinks(root: app, requirement: { store.state.user != nil })
/// try deferred.open("myapp://items/3", with: links)   // signed out: kept
/// store.send(.logIn("ada"))                           // the main flow starts: the item is shown
/// ```
@preconcurrency @MainActor
public final class DeferredDeepLinks {
    /// The most links kept at once; the oldest is dropped for a new one beyond it.
    public let capacity: Int
    /// How long a link is kept before it is dropped.
    public let lifetime: Duration
    private weak var root: BaseCoordinator?
    private let requirement: @MainActor () -> Bool
    private let requirements: [DeepLinkRequirement: @MainActor () -> Bool]
    /// The requirements links named that nobody said how to check, reported once each.
    private var unknownRequirements: Set<DeepLinkRequirement> = []
    /// What happens to a presented flow on the active path when a link is offered.
    public let modals: ModalPolicy
    private let now: @MainActor () -> ContinuousClock.Instant
    /// A kept link, where it came from, and until when it is kept.
    private typealias Kept = (link: any DeepLink, source: String, until: ContinuousClock.Instant)
    private var kept: [Kept] = []
    private var isOffering = false
    /// Gates a tool added (``addGate(owner:_:)``), each with its owner, held weakly.
    private var gates: [(owner: WeakOwner, reason: @MainActor () -> String?)] = []

    /// Keeps links for the tree under `root`.
    /// - Parameters:
    ///   - root: The tree's root; held weakly.
    ///   - capacity: The most links kept at once (at least 1; 8 by default).
    ///   - lifetime: How long a link is kept (10 minutes by default).
    ///   - requirement: What every link needs before it is offered — a signed-in user; always met by default.
    ///   - requirements: How to check what each link needs (its ``DeepLink/requirement``): a link is kept until the
    ///     requirement it names holds, as well as `requirement`. A link naming a requirement missing here is a
    ///     mistake in the program: it is reported (`reportIssue`) and kept.
    ///   - modals: What happens to a presented flow in a link's way; ``ModalPolicy/offerOver`` by default.
    ///   - now: The clock, for tests.
    public init(
        root: BaseCoordinator,
        capacity: Int = 8,
        lifetime: Duration = .seconds(600),
        requirement: @escaping @MainActor () -> Bool = { true },
        requirements: [DeepLinkRequirement: @MainActor () -> Bool] = [:],
        modals: ModalPolicy = .offerOver,
        now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.root = root
        self.capacity = max(1, capacity)
        self.lifetime = lifetime
        self.requirement = requirement
        self.requirements = requirements
        self.modals = modals
        self.now = now
        root.addActivePathObserver(owner: self) { [weak self] in self?.offerKept() }
    }

    /// The links kept, oldest first, described.
    public var pending: [String] { kept.map { String(describing: $0.link) } }

    /// The links kept, oldest first, as the typed links they are: what a test matches against (`pendingLinks.last as?
    /// AppLink == .item(3)`) instead of their text.
    public var pendingLinks: [any DeepLink] { kept.map(\.link) }

    /// Resolves `url` with `links` and opens the link: taken now, or kept.
    /// - Returns: Whether a flow took it now.
    /// - Throws: The ``DeepLinkError`` of resolving: a URL that is not a link is never kept.
    @discardableResult
    public func open<Link: DeepLink>(_ url: String, with links: DeepLinkMatcher<Link>) throws(DeepLinkError) -> Bool {
        do throws(DeepLinkError) {
            return try Causes.run(.link, url) { () throws(DeepLinkError) in open(try links.resolve(url), source: url) }
        } catch {
            tell(DeepLinkEvent(source: url, link: nil, error: error))
            throw error
        }
    }

    /// Opens `link`: a flow takes it now when the requirement is met and one can; otherwise it is kept.
    /// - Returns: Whether a flow took it now.
    @discardableResult
    public func open(_ link: any DeepLink, source: String? = nil) -> Bool {
        let source = source ?? String(describing: link)
        return Causes.run(.link, source) { opening(link, source: source) }
    }

    private func opening(_ link: any DeepLink, source: String) -> Bool {
        expire()
        var dismissed = false
        // The links that waited for the sheets dismissed for this one: their turn once it is handled, as after any
        // sheet.
        defer { if dismissed { offerKept() } }
        let gate = closedGate()
        let unmet = gate == nil ? unmetRequirement(of: link) : nil
        if gate == nil, unmet == nil, let root {
            if modals == .dismiss { dismissed = dismissPresentedFlows(of: root) }
            if !(modals == .wait && hasPresentedFlow(root)), root.offer(link) {
                tell(DeepLinkEvent(source: source, link: String(describing: link), error: nil))
                return true
            }
        }
        if kept.count >= capacity {
            let oldest = kept.removeFirst()
            drop(oldest.link, source: oldest.source, reason: "\(capacity) newer links are kept")
        }
        kept.append((link, source, now() + lifetime))
        let reason: String
        if let gate {
            reason = gate
        } else if let unmet {
            reason = "what it needs is not there yet\(unmet.isEmpty ? "" : " (\(unmet))")"
        } else if root.map(hasPresentedFlow) == true && modals == .wait {
            reason = "a presented flow is in its way"
        } else {
            reason = "no flow can take it yet"
        }
        tell(
            DeepLinkEvent(
                source: source, link: String(describing: link),
                error: .deferred(link: String(describing: link), reason: reason)))
        return false
    }

    /// Offers every kept link again, oldest first, dropping those that expired. Called when the active path
    /// changes; call it yourself when something else a link needs arrives. Under ``ModalPolicy/wait`` and
    /// ``ModalPolicy/dismiss`` kept links wait while a presented flow is on the active path: a kept link never
    /// dismisses a sheet the user opened after it arrived.
    /// - Returns: How many links flows took.
    @discardableResult
    public func offerKept() -> Int {
        guard !isOffering else { return 0 }  // a flow a link starts changes the path: one pass at a time
        isOffering = true
        defer { isOffering = false }
        expire()
        guard closedGate() == nil, requirement(), let root, modals == .offerOver || !hasPresentedFlow(root)
        else { return 0 }
        // One pass over the links kept when it began (the links a flow opens meanwhile are kept after them): each
        // link is offered once, and those left are kept in order, without removing from the middle of the list.
        var taken = 0
        let offered = kept
        kept.removeAll(keepingCapacity: true)
        var left: [Kept] = []
        left.reserveCapacity(offered.count)
        for entry in offered {
            // The app-wide requirement holds (checked above, once a pass): each link's own is left.
            // Taken now, a kept link begins its own cause: what it sets off is its doing.
            if unmetOwnRequirement(of: entry.link) == nil,
                Causes.run(.link, entry.source, { root.offer(entry.link) })
            {
                taken += 1
                tell(DeepLinkEvent(source: entry.source, link: String(describing: entry.link), error: nil))
            } else {
                left.append(entry)
            }
        }
        kept = left + kept
        if kept.count > capacity {
            let dropped = kept.prefix(kept.count - capacity)
            kept.removeFirst(dropped.count)
            for entry in dropped {
                drop(entry.link, source: entry.source, reason: "\(capacity) newer links are kept")
            }
        }
        return taken
    }

    // MARK: Gates

    /// Keeps every link — new ones and those kept already — while `reason` returns one, for as long as `owner` lives
    /// or until ``removeGates(of:)``: the way a tool holds the app's links while it has the screen (a debugger that
    /// shows the past, an onboarding tour). Each link kept meanwhile is told to the deep-link observers as
    /// ``DeepLinkError/Code/deferred`` with that reason; call ``offerKept()`` once the gate opens.
    ///
    /// ```swift
    /// links.addGate(owner: tour) { [weak tour] in tour?.isShowing == true ? "the tour has the screen" : nil }
    /// ```
    public func addGate(owner: AnyObject, _ reason: @escaping @MainActor () -> String?) {
        gates.removeAll { $0.owner.object == nil }
        gates.append((WeakOwner(object: owner), reason))
    }

    /// Removes the gates `owner` added; the links they kept wait for the next ``offerKept()``.
    public func removeGates(of owner: AnyObject) {
        gates.removeAll { $0.owner.object == nil || $0.owner.object === owner }
    }

    /// The reason of the first gate that keeps links now, if any.
    private func closedGate() -> String? {
        for gate in gates where gate.owner.object != nil {
            if let reason = gate.reason() { return reason }
        }
        return nil
    }

    /// What `link` still needs: `nil` when every requirement holds, `""` when the app-wide one does not, or the name
    /// of the link's own requirement that does not.
    private func unmetRequirement(of link: any DeepLink) -> String? {
        requirement() ? unmetOwnRequirement(of: link) : ""
    }

    /// The name of the link's own requirement when it does not hold; `nil` when it does, or the link names none.
    private func unmetOwnRequirement(of link: any DeepLink) -> String? {
        guard let needed = link.requirement else { return nil }
        guard let check = requirements[needed] else {
            guard unknownRequirements.insert(needed).inserted else { return needed.name }
            reportIssue(
                "Deep link \(link) needs '\(needed)', which DeferredDeepLinks was not told how to check: pass it in "
                    + "init(root:requirements:). The link is kept.")
            return needed.name
        }
        return check() ? nil : needed.name
    }

    /// Whether a flow presented over the screens is on the active path.
    private func hasPresentedFlow(_ root: BaseCoordinator) -> Bool {
        root.activePath.contains { $0.dismissAsUser != nil }
    }

    /// Dismisses the presented flows on the active path, deepest first, as the user would. The kept links are not
    /// offered meanwhile (each dismissal changes the active path): the link being opened goes first.
    /// - Returns: Whether any was dismissed.
    private func dismissPresentedFlows(of root: BaseCoordinator) -> Bool {
        let wasOffering = isOffering
        isOffering = true
        defer { isOffering = wasOffering }
        let presented = root.activePath.filter { $0.dismissAsUser != nil }
        for flow in presented { flow.dismissAsUser?() }
        return !presented.isEmpty
    }

    private func expire() {
        let time = now()
        let expired = kept.prefix { $0.until <= time }
        guard !expired.isEmpty else { return }
        kept.removeFirst(expired.count)
        for entry in expired {
            drop(entry.link, source: entry.source, reason: "it was kept for \(lifetime) and no flow took it")
        }
    }

    private func drop(_ link: any DeepLink, source: String, reason: String) {
        let description = String(describing: link)
        tell(DeepLinkEvent(source: source, link: description, error: .dropped(link: description, reason: reason)))
    }

    private func tell(_ event: DeepLinkEvent) {
        guard let root else { return }
        for observe in root.deepLinkObserversUpTheTree { observe(event) }
    }
}
