internal import ConductorRecording
public import Observation

/// The navigation router: the stack, the presented modules and their completions, shown by a platform's container
/// (a ``NavigationHost``) — or by none, in memory, as ``HeadlessNavigationRouter`` — and kept in step when the system
/// changes the stack itself. One implementation for every front end: the same checks, the same completions, the
/// same log of ``events``.
///
/// The router owns the truth — the stack, the presented modules and their completions — and tells the host what to
/// show. The host reports what the user did without asking (``hostWillShow(_:)``, ``hostDidShow(_:)``,
/// ``hostCancelledTransition()``, ``hostDidDismiss(_:)``), and the router brings its state and its coordinators in
/// step:
///
/// - **Back button, swipe-back:** the host shows a shorter stack; the push completions of the modules that left run,
///   top first, once each.
/// - **An interactive pop started, then cancelled:** nothing changes and no completion runs.
/// - **A sheet dismissed by a swipe:** the module leaves `presented` and its `onDismiss` runs once, as if the router
///   had dismissed it — so the flow it belongs to finishes the same way either way.
///
/// <!-- not compiled: UIKit's navigation controller -->
/// ```swift
/// let router = HostedNavigationRouter(name: "main", host: UIKitNavigationHost(navigationController))
/// try router.push(detail, animated: true, hidesBottomBar: false) { coordinator.removeChild(detailFlow) }
/// ```
@preconcurrency @MainActor
@Observable
public final class HostedNavigationRouter: NavigationRouter, @MainActor CustomStringConvertible {
    /// The router's name, used in errors.
    public let name: String
    /// The navigation stack, root first.
    public var stack: [any Presentable] { modules.modules }
    /// The presented modules, outermost first.
    public private(set) var presented: [any Presentable] = []
    /// Receives the errors of the non-throwing, seed-named methods. Logs them at error level through swift-log (label
    /// `Conductor.Navigation`) by default.
    @ObservationIgnored public var onError: (@MainActor (NavigationError) -> Void)?
    /// The latest changes, in order: the last 1,000 or so; older ones are dropped.
    public private(set) var events: [NavigationEvent] = []
    /// How many ``events`` the router keeps, so that a long-running app's log stays bounded; 1,000 by default.
    @ObservationIgnored package var eventLimit = 1_000
    /// Whether the platform hides its bottom bar, as the last push asked.
    public private(set) var hidesBottomBar = false
    /// Whether the platform hides its navigation bar, as the last new root asked.
    public private(set) var hidesNavigationBar = false
    /// The stack the host announced it is about to show, until it shows it or cancels.
    package private(set) var pendingStack: [any Presentable]?

    /// The platform's container, which the router keeps alive: a host built inline
    /// (`HostedNavigationRouter(name:host: UIKitNavigationHost(controller))`) lives as long as its router. Hosts hold
    /// their router weakly, so there is no cycle.
    @ObservationIgnored public let host: any NavigationHost
    private var modules = ModuleStack()
    /// Counts the changes of `presented`.
    @ObservationIgnored private var presentedChanges = 0

    /// Counts the changes of ``stack`` and ``presented``: while it is the same, so are they — what a
    /// ``Navigation`` keeps its value by. Reading it tracks both (Observation), as reading them would.
    package var revision: Int {
        _ = presented.count
        _ = modules.revision
        return untrackedRevision
    }

    /// ``revision``, read without Observation tracking it.
    package var untrackedRevision: Int { _modules.revision &+ presentedChanges }

    /// Counts the changes of ``stack`` alone, untracked: what ``unchangedStackCount(since:)`` takes.
    package var stackRevision: Int { _modules.revision }

    /// How many modules of ``stack``, from the root up, are the ones it held at `stackRevision`: a binary search,
    /// whatever the depth.
    package func unchangedStackCount(since stackRevision: Int) -> Int {
        _modules.unchangedCount(since: stackRevision)
    }

    /// Whether `module` is on ``stack``: a hashed lookup, whatever the depth.
    package func isOnStack(_ module: any Presentable) -> Bool { _modules.contains(module) }
    @ObservationIgnored private var onDismiss: [ObjectIdentifier: () -> Void] = [:]

    /// Creates a router over a host, which it keeps alive.
    /// - Parameters:
    ///   - name: The router's name in errors.
    ///   - host: The platform's container.
    ///   - onError: Where the seed-named methods report errors; `nil` (the default) logs them.
    public init(
        name: String,
        host: any NavigationHost,
        onError: (@MainActor (NavigationError) -> Void)? = nil
    ) {
        self.name = name
        self.host = host
        self.onError = onError ?? NavigationErrorLog.report
    }

    /// Creates a router that keeps everything in memory, shown by no platform: for tests, and for front ends without
    /// UIKit, such as a terminal app. What `HeadlessNavigationRouter(name:)` calls.
    /// - Parameter name: The router's name in errors and its printout.
    public convenience init(name: String = "router") {
        self.init(name: name, host: InMemoryNavigationHost())
    }

    /// The router's name.
    public var moduleName: String { name }

    // MARK: NavigationRouter

    /// Presents a module; `onDismiss` runs exactly once when it leaves — dismissed by the router or by the user.
    public func present(
        _ module: any Presentable,
        animated: Bool,
        completion: (() -> Void)?,
        onDismiss: (() -> Void)?
    ) throws(NavigationError) {
        if host.isWindow { throw .windowShowsOneRoot(module: module.moduleName, router: name, operation: "present") }
        guard let shown = try moduleToShow(module, "present", canShow: host.canShow) else { return }
        presented.append(shown)
        presentedChanges &+= 1
        if let onDismiss { self.onDismiss[ObjectIdentifier(shown)] = onDismiss }
        record(.present(shown.moduleName))
        host.present(shown, animated: animated) { completion?() }
    }

    /// Dismisses the module presented last; its `onDismiss`, then `completion`, run.
    public func dismiss(animated: Bool, completion: (() -> Void)?) throws(NavigationError) {
        guard let top = presented.popLast() else { throw .nothingPresented(router: name) }
        presentedChanges &+= 1
        let dismissed = onDismiss.removeValue(forKey: ObjectIdentifier(top))
        record(.dismiss(top.moduleName))
        host.dismiss(top, animated: animated) {
            dismissed?()
            completion?()
        }
    }

    /// Pushes a module; `onPop` runs exactly once, when it leaves the stack by any means.
    public func push(
        _ module: any Presentable,
        animated: Bool,
        hidesBottomBar: Bool,
        onPop: (() -> Void)?
    ) throws(NavigationError) {
        try checkPlace(of: module, "push")
        guard let shown = try moduleToShow(module, "push", canShow: host.canPush) else { return }
        modules.push(shown, onPop: onPop)
        if _hidesBottomBar != hidesBottomBar { self.hidesBottomBar = hidesBottomBar }
        record(.push(shown.moduleName))
        host.setHidesBottomBar(hidesBottomBar, for: shown)
        host.show(stack: stack, animated: animated)
    }

    /// Replaces the modules above the first `kept` with `modules`, pushed without completions, in one change the
    /// host shows at once: what ``NavigatingFlow/navigate(to:animated:)`` does across branches, so UIKit makes one
    /// transition, not a cut per module popped. The completions of the modules removed run, top first.
    /// - Throws: ``NavigationError/cannotShow(module:router:)`` for a module the host cannot push (nothing changes).
    package func replaceStack(keeping kept: Int, with modules: [any Presentable], animated: Bool)
        throws(NavigationError)
    {
        var shown: [any Presentable] = []
        shown.reserveCapacity(modules.count)
        for module in modules {
            try checkPlace(of: module, "push")
            guard let module = try moduleToShow(module, "push", canShow: host.canPush) else { continue }
            shown.append(module)
        }
        let removal =
            kept < _modules.modules.count ? self.modules.removeModules(above: kept - 1) : ModuleStack.Removal()
        if !removal.names.isEmpty { record(.pop(removal.names)) }
        for module in shown {
            self.modules.push(module, onPop: nil)
            record(.push(module.moduleName))
            host.setHidesBottomBar(false, for: module)
        }
        if !shown.isEmpty, _hidesBottomBar { hidesBottomBar = false }
        host.show(stack: stack, animated: animated)
        removal.runCompletions()
    }

    /// Refuses what cannot go onto this router's stack: anything pushed on a window's router, which shows one root,
    /// and tabs on a stack — a tab bar is a window's root (Apple's *View Controller Catalog › Tab Bar Controllers*
    /// lists it as a window's root view controller, a split view's child or presented, never inside a navigation
    /// controller).
    private func checkPlace(of module: any Presentable, _ operation: String) throws(NavigationError) {
        if host.isWindow {
            if operation != "setRoot" {
                throw .windowShowsOneRoot(module: module.moduleName, router: name, operation: operation)
            }
        } else if module.toPresent() is TabRouter {
            throw .tabsNotAtWindowRoot(module: module.moduleName, router: name, operation: operation)
        }
    }

    /// Pops the top module and runs its completion.
    public func pop(animated: Bool) throws(NavigationError) {
        let count = _modules.modules.count
        guard count > 1 else { throw .nothingToPop(router: name) }
        let removal = modules.removeModules(above: count - 2)
        record(.pop(removal.names))
        host.show(stack: stack, animated: animated)
        removal.runCompletions()
    }

    /// Replaces the stack with `module`, running the completions of every module removed, top first.
    public func setRoot(_ module: any Presentable, hideBar: Bool) throws(NavigationError) {
        try checkPlace(of: module, "setRoot")
        guard let shown = try moduleToShow(module, "setRoot", allowingStack: true, canShow: host.canPush) else {
            return
        }
        let removal = modules.setRoot(shown)
        if !removal.names.isEmpty { record(.pop(removal.names)) }
        hidesNavigationBar = hideBar
        record(.setRoot(shown.moduleName))
        host.setNavigationBarHidden(hideBar)
        host.show(stack: stack, animated: false)
        removal.runCompletions()
    }

    /// Pops every module above the root, running each one's completion, top first.
    public func popToRoot(animated: Bool) {
        guard stack.count > 1 else { return }
        let removal = modules.removeModules(above: 0)
        record(.pop(removal.names))
        host.show(stack: stack, animated: animated)
        removal.runCompletions()
    }

    /// The platform popped back to `module`: the completions of the modules above it run, top first.
    public func platformDidPop(to module: any Presentable) throws(NavigationError) {
        guard let index = modules.index(of: module) else {
            throw .notOnStack(module: module.moduleName, router: name)
        }
        guard index < _modules.modules.count - 1 else { return }
        let name = self.name
        Causes.run(.platform, "back in \(name)") {
            let removal = modules.removeModules(above: index)
            record(.platformPop(removal.names))
            removal.runCompletions()
        }
    }

    // MARK: What the host reports

    /// The host is about to show `stack` — the start of a back-button pop or of an interactive swipe, which may still
    /// be cancelled. Nothing changes until ``hostDidShow(_:)``.
    public func hostWillShow(_ stack: [any Presentable]) {
        pendingStack = stack
    }

    /// The host shows `stack` now, and the router's stack becomes it: what the screen shows and what the router
    /// holds never part.
    ///
    /// - The router's own stack, or the stack it already has (after a cancelled swipe): nothing changes.
    /// - The router's stack with modules taken off the top (back button, swipe-back): their completions run, top
    ///   first, once each (``NavigationEvent/platformPop(_:)``).
    /// - Modules the router did not push (the app's own `pushViewController`, `setViewControllers`, a storyboard
    ///   segue): the modules above the part both share leave as above, and the new ones are adopted onto the stack
    ///   (``NavigationEvent/platformPush(_:)``) — shown without a destination, so a flow's value lists them in
    ///   ``Navigation/modulesWithoutDestination`` and a saved tree reports them as not restorable, instead of the
    ///   router's next change removing them from the screen without a word.
    ///
    /// An empty stack (a host that shows nothing) is refused, as a router always has a root once it has one.
    /// - Throws: ``NavigationError/nothingToShow(operation:)`` for an empty stack while the router has a root.
    public func hostDidShow(_ shown: [any Presentable]) throws(NavigationError) {
        pendingStack = nil
        let current = _modules.modules
        var shared = 0
        while shared < shown.count, shared < current.count, shown[shared] === current[shared] { shared += 1 }
        if shared == shown.count, shared == current.count { return }
        if shown.isEmpty { throw .nothingToShow(operation: "hostDidShow") }
        // What the platform did on its own is a cause: what it sets off (a flow that ends) says so, and a flight
        // recorder keeps it as a step.
        let what = shared < shown.count ? "the app's push in \(name)" : "back in \(name)"
        Causes.run(.platform, what) {
            let removal = shared < current.count ? modules.removeModules(above: shared - 1) : ModuleStack.Removal()
            if !removal.names.isEmpty { record(.platformPop(removal.names)) }
            if shared < shown.count {
                for module in shown[shared...] { modules.push(module, onPop: nil) }
                record(.platformPush(shown[shared...].map(\.moduleName)))
            }
            removal.runCompletions()
        }
    }

    /// The host cancelled the transition it announced (an interactive swipe let go): nothing changes.
    public func hostCancelledTransition() {
        pendingStack = nil
    }

    /// The user dismissed a presented module without the router (a sheet dragged down): it, and every module presented
    /// over it, leave `presented`, and their `onDismiss` run once, the topmost first.
    public func hostDidDismiss(_ module: any Presentable) {
        guard let index = presented.firstIndex(where: { $0 === module }) else { return }
        let what = "\(module.moduleName) dismissed in \(name)"
        Causes.run(.platform, what) {
            while presented.count > index {
                let top = presented.removeLast()
                presentedChanges &+= 1
                record(.dismiss(top.moduleName))
                onDismiss.removeValue(forKey: ObjectIdentifier(top))?()
            }
        }
    }

    // MARK: Paths, for declarative hosts (SwiftUI)

    /// The modules above the root, as the identities a SwiftUI `NavigationStack(path:)` binds to. Reading it tracks
    /// the paths the router refused too: a view that showed a path the router did not take reads the router's again.
    package var path: [ModuleID] {
        _ = refusedPaths
        return stack.dropFirst().map(ModuleID.init)
    }

    /// Counts the paths a declarative host set that the router did not take (``hostDidSetPath(_:)``): changing it
    /// makes the views that read ``path`` read it again, so SwiftUI shows the router's stack, not the one it wrote.
    private var refusedPaths = 0

    /// The module presented at `level` (0 over the stack, 1 over that one, …), as the identity the `.sheet(item:)`
    /// of that level binds to: one sheet per level, as SwiftUI shows one sheet per `sheet(item:)`, so a chain of
    /// presented modules shows as a chain of sheets.
    package func presentedID(level: Int) -> ModuleID? {
        presented.indices.contains(level) ? ModuleID(presented[level]) : nil
    }

    /// The module an identity in ``path`` or ``presentedID`` stands for, to build its view.
    package func module(for id: ModuleID) -> (any Presentable)? {
        _ = revision  // tracks the router, as reading the stack would
        return _modules.module(identifiedBy: id.id) ?? presented.first { ModuleID($0) == id }
    }

    /// A declarative host set a new path (the user went back): the router shows the stack that path leaves, running
    /// the completions of the modules that left. A path the router does not hold is refused.
    /// - Throws: ``NavigationError/notOnStack(module:router:)``.
    ///
    /// SwiftUI has already shown the path it set; a path the router refuses — one naming a module it does not hold,
    /// or longer than its stack (a `NavigationLink(value:)` the router did not push) — is undone: the views that read
    /// ``path`` read the router's again, so the screen goes back to what the router holds, and the refusal is
    /// thrown for the host to report.
    package func hostDidSetPath(_ path: [ModuleID]) throws(NavigationError) {
        let current = stack
        guard let root = current.first else { return }
        var shown: [any Presentable] = [root]
        for (offset, id) in path.enumerated() {
            let index = offset + 1
            guard index < current.count, ModuleID(current[index]) == id else {
                refusedPaths &+= 1
                throw .notOnStack(module: id.name, router: name)
            }
            shown.append(current[index])
        }
        try hostDidShow(shown)
    }

    /// A declarative host dismissed the sheet bound to ``presentedID(level:)`` at `level` (the user dragged it down):
    /// it, and every sheet over it, leave.
    package func hostDidDismissSheet(level: Int = 0) {
        if presented.indices.contains(level) { hostDidDismiss(presented[level]) }
    }

    // MARK: Printing

    /// The stack as a breadcrumb, with presented modals in brackets: `main: Items › Detail [modal: Create]`.
    public var description: String { "\(name): \(breadcrumb)" }

    // MARK: Internals

    // The internals read the stored properties behind Observation (`_events`, `_modules`): reads made while changing
    // the router need no tracking, and each tracked read costs a key path and a lock.

    private func record(_ event: NavigationEvent) {
        events.append(event)
        // Trim in batches, so that the cost of dropping old events is spread over many changes.
        let count = _events.count
        if count > eventLimit + eventLimit / 2 + 1 { events.removeFirst(count - eventLimit) }
    }
}

/// A router that keeps everything in memory — the stack, the chain of presented modals, and a log of
/// ``HostedNavigationRouter/events`` — shown by no platform: for tests, and for front ends without UIKit, such as a
/// terminal app. It is a ``HostedNavigationRouter`` whose host shows nothing, so it behaves exactly as the routers
/// the platforms use.
///
/// ```swift
/// let router = HeadlessNavigationRouter(name: "main")
/// try router.setRoot(ItemsScreen(), hideBar: false)
/// try router.push(DetailScreen(id: 3), animated: true, hidesBottomBar: false) { print("detail closed") }
/// print(router)          // main: ItemsScreen › DetailScreen
/// try router.pop(animated: true)
/// ```
///
/// It is `Observable`: views of `stack`, `presented` and `events` update as they change. A presented module that is
/// itself a router (a modal flow with a stack of its own) prints nested: `main: Items [modal create: Create]`.
public typealias HeadlessNavigationRouter = HostedNavigationRouter

/// The host of a router shown by no platform: what it is told to show, it has shown, at once.
@MainActor
final class InMemoryNavigationHost: NavigationHost {
    func show(stack: [any Presentable], animated: Bool) {}
    func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        completion()
    }
    func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        completion()
    }
}
