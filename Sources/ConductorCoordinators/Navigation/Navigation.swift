/// A flow's router and the destination each of its modules shows: where a ``NavigatingFlow``'s
/// ``NavigationState`` is read from.
///
/// The router stays the one truth of what is on screen — the platform's back button, a swipe, a sheet dragged away
/// change it — and the value is read from it: each module the flow showed for a destination stands for that
/// destination. A module shown any other way (the seed's `push(module)`) has no destination: it is listed in
/// ``modulesWithoutDestination``, and ``NavigationTree`` reports it as not restorable instead of dropping it
/// silently.
///
/// <!-- not compiled: a fragment: … stands for the flow's content -->
/// ```swift
/// final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
///     let navigation = Navigation<NotesDestination>(router: HeadlessNavigationRouter(name: "notes"))
///     func content(for destination: NotesDestination) throws -> NavigationContent { … }
/// }
/// ```
@preconcurrency @MainActor
public final class Navigation<Destination: Codable & Hashable & Sendable> {
    /// The router the flow's destinations are shown on.
    public let router: any NavigationRouter
    // The modules shown for a destination, and their destinations at the same indices. The bookkeeping is not generic
    // (the library's code runs unspecialised in the app, and would look up the metadata of every type built from
    // `Destination` on each use): only `destinations` is.
    private var modules: [WeakModule] = []
    // The index in `modules` of each module, by identity: a hashed lookup, whatever the depth. An entry whose module
    // is gone (and whose identity a new object may reuse) is never taken for it: `index(of:)` checks the object.
    private var slots: [ObjectIdentifier: Int] = [:]
    // The cache's fields that are not generic come first, at offsets fixed at compile time (below).
    private let hosted: HostedNavigationRouter?
    private var recordings = 0
    // Counts the records that gave a module already recorded a destination again: a value cached before holds the
    // old one.
    private var redirections = 0
    private var cachedRevision = -1
    private var cachedStackRevision = -1
    private var cachedRecordings = -1
    private var cachedRedirections = -1
    private var cachedIsComplete = true
    private var cachedCapture: (any CapturedNavigation)?
    private var destinations: [Destination] = []

    // The value last read, kept while neither the router (its revision) nor the recorded destinations changed: a
    // tree captured around every event, and restored onto itself, reads each flow's value without walking its stack.
    // After a change, only the part of the stack above what stayed is read again (a push or a pop costs the same at
    // any depth). Only a `HostedNavigationRouter` counts its changes; another router's value is read every time.
    private var cachedState = NavigationState<Destination>()

    /// The navigation of a flow that shows its destinations on `router`.
    public init(router: any NavigationRouter) {
        self.router = router
        self.hosted = router as? HostedNavigationRouter
    }

    /// The navigation as a value, read from the router: the destinations of its stack, root first, and of the
    /// module it presents. Modules without a destination are left out (``modulesWithoutDestination``).
    ///
    /// Reading it from a SwiftUI view or `withObservationTracking` tracks the router: the view updates when the
    /// stack or the presented module changes.
    public var state: NavigationState<Destination> {
        if isCached {
            _ = hosted?.revision  // tracks the router, as reading it does
            return cachedState
        }
        guard let hosted else { return readState().state }
        _ = hosted.revision  // tracks the router, as reading it does
        if cachedIsComplete, cachedRedirections == redirections, cachedStackRevision >= 0 {
            updateCachedState(hosted)
        } else {
            (cachedState, cachedIsComplete) = readState()
        }
        cachedCapture = nil
        cachedRevision = hosted.untrackedRevision
        cachedStackRevision = hosted.stackRevision
        cachedRecordings = recordings
        cachedRedirections = redirections
        assert(isCached, "Navigation's value, updated in place, differs from its router's.")
        return cachedState
    }

    /// Brings the cached value, complete when read, to the router's: the part of the stack no change touched since
    /// stays (every module on it was recorded then, and a module's destination changes only by a redirection), the
    /// rest is read again, and so is the presented module.
    private func updateCachedState(_ hosted: HostedNavigationRouter) {
        let stack = hosted.stack
        let kept = min(hosted.unchangedStackCount(since: cachedStackRevision), cachedState.stack.count)
        cachedState.stack.removeSubrange(kept...)
        var isComplete = true
        for module in stack[kept...] {
            if let index = index(of: module) {
                cachedState.stack.append(destinations[index])
            } else {
                isComplete = false
            }
        }
        cachedState.presented = nil
        if let presented = hosted.presented.first {
            if let index = index(of: presented) {
                cachedState.presented = destinations[index]
            } else {
                isComplete = false
            }
        }
        cachedIsComplete = isComplete
    }

    /// The value read from the router now, and whether every module shown has a destination.
    private func readState() -> (state: NavigationState<Destination>, isComplete: Bool) {
        var state = NavigationState<Destination>()
        var isComplete = true
        let stack = router.stack
        state.stack.reserveCapacity(stack.count)
        for module in stack {
            if let index = index(of: module) { state.stack.append(destinations[index]) } else { isComplete = false }
        }
        if let presented = router.presented.first {
            if let index = index(of: presented) { state.presented = destinations[index] } else { isComplete = false }
        }
        return (state, isComplete)
    }

    /// Whether the value read last is still the router's.
    ///
    /// The cache's invariant, checked here wherever the cache is used: a `HostedNavigationRouter` changes its stack
    /// and presented modules only through calls that count a revision, and the destinations change only through
    /// `record`, which counts too — so equal counts mean the value a fresh read would give.
    private var isCached: Bool {
        guard let hosted, hosted.untrackedRevision == cachedRevision, recordings == cachedRecordings else {
            return false
        }
        assert(
            {
                let fresh = readState()
                return fresh.state == cachedState && fresh.isComplete == cachedIsComplete
            }(),
            "Navigation's cached value differs from its router's: a change of the router's stack or presentation did "
                + "not count a revision (HostedNavigationRouter.revision).")
        return true
    }

    /// The names of the modules on the router's stack, and of the module it presents, that were shown without a
    /// destination: they are not part of ``state``, so a restored navigation does not have them.
    public var modulesWithoutDestination: [String] {
        if isCached, cachedIsComplete { return [] }
        var names: [String] = []
        for module in router.stack where index(of: module) == nil { names.append(module.moduleName) }
        if let presented = router.presented.first, index(of: presented) == nil { names.append(presented.moduleName) }
        return names
    }

    /// The value as a ``NavigationTree`` captures it: the same object while the value does not change.
    func captured() -> any CapturedNavigation {
        if let cachedCapture, isCached { return cachedCapture }
        return captureAnew()
    }

    // Apart, so that the cached path above does not ask for the metadata of the types it does not build.
    @inline(never)
    private func captureAnew() -> any CapturedNavigation {
        let captured = TypedNavigation(state: state)
        if hosted != nil { cachedCapture = captured }
        return captured
    }

    /// Whether the router shows exactly what `captured` holds, known without comparing: it is the value captured last,
    /// and neither the router nor a destination changed since.
    func isShowing(_ captured: any CapturedNavigation) -> Bool {
        isCached && cachedIsComplete && cachedCapture === captured
    }

    /// Whether the router shows exactly `target`: its destinations, and no module without one.
    func isShowing(_ target: NavigationState<Destination>) -> Bool {
        let current = state
        return (isCached ? cachedIsComplete : modulesWithoutDestination.isEmpty) && current == target
    }

    /// The destination `module` was shown for, if it was shown for one.
    public func destination(of module: any Presentable) -> Destination? {
        index(of: module).map { destinations[$0] }
    }

    /// Whether `module` was shown for `destination`: a comparison without an optional of the destination type.
    func shows(_ module: any Presentable, _ destination: Destination) -> Bool {
        guard let index = index(of: module) else { return false }
        return destinations[index] == destination
    }

    /// The child flows presented for a destination, by the module presented (the child's router), held weakly.
    private var presentedFlows: [(module: WeakModule, flow: WeakFlow)] = []

    /// Records that `flow` is the child flow whose router `module` is, presented for a destination.
    func record(_ flow: BaseCoordinator, presenting module: any Presentable) {
        presentedFlows.removeAll { $0.module.object == nil || $0.flow.object == nil }
        presentedFlows.append((WeakModule(object: module), WeakFlow(object: flow)))
    }

    /// The child flow presented as `module`, while it runs.
    func flow(presenting module: any Presentable) -> BaseCoordinator? {
        presentedFlows.first { $0.module.object === module }?.flow.object
    }

    /// Whether `module` was shown for a destination.
    func hasDestination(_ module: any Presentable) -> Bool { index(of: module) != nil }

    /// The index of `module` in `modules`: a short list, the modules a flow shows.
    private func index(of module: any Presentable) -> Int? {
        guard let index = slots[ObjectIdentifier(module)], modules[index].object === module else { return nil }
        return index
    }

    /// Records that `module` shows `destination`, forgetting the modules that left the router.
    func record(_ module: any Presentable, as destination: Destination) {
        recordings &+= 1
        // Forgetting is batched: only once the list holds twice what the router shows, and then some — so its cost,
        // a pass over what is shown, is spread over as many records.
        if modules.count > 2 * (router.stack.count + router.presented.count) + 16 { forgetModulesThatLeft() }
        if let index = index(of: module) {
            redirections &+= 1
            destinations[index] = destination
        } else {
            slots[ObjectIdentifier(module)] = modules.count
            modules.append(WeakModule(object: module))
            destinations.append(destination)
        }
    }

    /// Drops the modules that are neither on the router's stack nor presented, in one pass, in place.
    private func forgetModulesThatLeft() {
        let presented = router.presented
        // A hosted router answers whether a module is on its stack by a hashed lookup; another router's stack is
        // gathered once.
        let stack: Set<ObjectIdentifier> = hosted == nil ? Set(router.stack.map(ObjectIdentifier.init)) : []
        func isShown(_ object: any Presentable) -> Bool {
            if let hosted {
                if hosted.isOnStack(object) { return true }
            } else if stack.contains(ObjectIdentifier(object)) {
                return true
            }
            return presented.contains { $0 === object }
        }
        slots.removeAll(keepingCapacity: true)
        var kept = 0
        for index in modules.indices {
            guard let object = modules[index].object, isShown(object) else { continue }
            slots[ObjectIdentifier(object)] = kept
            if kept != index {
                modules[kept] = modules[index]
                destinations[kept] = destinations[index]
            }
            kept += 1
        }
        modules.removeSubrange(kept...)
        destinations.removeSubrange(kept...)
    }
}

/// A flow held weakly: a navigation never keeps a presented flow alive after it finished.
@MainActor
struct WeakFlow {
    weak var object: BaseCoordinator?
}

/// A module held weakly: a navigation never keeps a screen alive after its router let it go.
@MainActor
struct WeakModule {
    weak var object: (any Presentable)?
}
