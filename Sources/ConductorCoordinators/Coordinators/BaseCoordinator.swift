public import ConductorActions
internal import IssueReporting

/// A coordinator with a tree of child coordinators, an action dispatcher for its navigation actions, and deep-link
/// propagation.
///
/// Subclass it and override ``start()`` (and ``handle(deepLink:)`` for the deep links the flow handles). Children
/// are kept in ``childCoordinators`` until they finish; a ``FlowCoordinator`` child started with
/// ``startChild(_:with:onFinish:)`` removes itself when it finishes, so it is released with its screens.
///
/// ```swift
/// final class ItemsCoordinator: FlowCoordinator<Void> {
///     private let router: any NavigationRouter
///     private let factory: ModuleFactory
///
///     init(router: any NavigationRouter, factory: ModuleFactory) throws {
///         self.router = router
///         self.factory = factory
///         super.init()
///         try dispatcher.register(ShowItem.self) { [weak self] action in self?.showItem(action.id) }
///     }
///
///     override func start() {
///         do { try router.setRoot(factory.makeItemsList(), hideBar: false) } catch { router.onError?(error) }
///     }
///
///     override func handle(deepLink: any DeepLink) -> Bool {
///         guard case AppLink.item(let id) = deepLink else { return false }
///         showItem(id)
///         return true
///     }
///
///     private func showItem(_ id: Int) {
///         do { try router.push(factory.makeItemDetail(id: id), animated: true, hidesBottomBar: false, onPop: nil) }
///         catch { router.onError?(error) }
///     }
/// }
/// ```
///
/// The seed's ``childCoordinators`` is kept; its `addDependency(_:)` and `removeDependency(_:)` are in
/// `ConductorCoordinatorsCompat`.
@preconcurrency @MainActor
open class BaseCoordinator: Coordinator {
    /// The child coordinators this coordinator keeps alive, in the order they were added.
    public private(set) var childCoordinators: [any Coordinator] = []
    /// The dispatcher for this flow's actions. It joins the action router given at creation, so
    /// `ShowItem(id: 3).send()` from any screen reaches this coordinator; its routes leave the router when the flow
    /// ends (it finishes, or its parent removes it) — not when the last reference to the coordinator goes.
    public let dispatcher: ActionDispatcher
    /// The coordinator that added this one as a child, if any.
    public private(set) weak var parent: BaseCoordinator?
    /// Who hears the deep links opened through this coordinator (``addDeepLinkObserver(owner:_:)``), each with the owner
    /// it goes away with.
    private var deepLinkObservers: [(owner: WeakOwner, observe: @MainActor (DeepLinkEvent) -> Void)] = []

    /// Whether ``run(with:)`` or ``startChild(_:with:onFinish:)`` started this coordinator.
    package private(set) var isStarted = false
    /// Whether the default ``start(with:)`` has begun the flow.
    private var hasBegun = false
    /// Whether the default ``start()`` is calling ``start(with:)``, whose default then neither calls ``start()`` back
    /// nor reports a flow that has begun: it is the seed's `start()`.
    private var isBeginningFromStart = false
    /// Whether the default ``start(with:)`` is calling ``start()``, whose default then has nothing more to do.
    private var isStartingNormally = false
    /// Whether the flow has ended: it finished, or its parent removed it. What it kept with ``keep(_:)`` is released
    /// and its ``onEnd(_:)`` handlers have run.
    public private(set) var hasEnded = false
    /// The child whose flow the user sees, which leads the responder chain (``activePath``): the child added last,
    /// unless set — a tab container sets it to the selected tab's coordinator. A selected child that is removed
    /// stops being active.
    public var activeChild: BaseCoordinator? {
        get {
            if let selectedChild, selectedChild.parent === self { return selectedChild }
            return childCoordinators.last(where: { $0 is BaseCoordinator }) as? BaseCoordinator
        }
        set { selectedChild = newValue }
    }
    private weak var selectedChild: BaseCoordinator?
    private var kept: [AnyObject] = []
    /// How this flow's sheet is dismissed as the user would dismiss it, when ``presentChild(_:showing:on:animated:dismissedOutput:onFinish:)``
    /// presented it: it finishes with its dismissed output. For a policy that clears modals out of a link's way.
    package private(set) var dismissAsUser: (@MainActor () -> Void)?
    private var endHandlers: [@MainActor () -> Void] = []
    /// The running flow restored in this ended flow's place, which what arrives late for this flow reaches
    /// (``handOff(to:)``); held weakly.
    package weak var successor: BaseCoordinator?
    /// The ended flows this one was restored in place of, kept for as long as this one is: what arrives late for them
    /// still reaches it.
    package var predecessors: [BaseCoordinator] = []
    /// An output that arrived after the flow ended, waiting for a flow restored in its place (``handOff(to:)``).
    package var lateOutput: (@MainActor (BaseCoordinator) -> Void)?
    /// Lets go of what a parent gave the flow to call when it finishes (a ``FlowCoordinator`` has one), at a hand-off.
    func forgetFinishHandler() {}
    /// Creates a coordinator whose dispatcher joins `actionRouter`.
    /// - Parameter actionRouter: Where this coordinator's actions are routed from; `ActionRouter.shared` by
    ///   default, `nil` for none.
    public init(actionRouter: ActionRouter? = .shared) {
        self.dispatcher = ActionDispatcher(name: String(describing: Self.self), router: actionRouter)
    }

    /// The coordinator's name in errors: its type name.
    public var name: String { typeName }
    private lazy var typeName = TypeNames.name(of: type(of: self))

    /// What ``NavigationTree`` saves and restores of this flow, found once.
    package private(set) lazy var restorationRole = RestorationRole(self)

    /// The name of the tab a ``TabCoordinator`` shows; `nil` for other flows. What ``NavigationTree`` saves.
    package var selectedTabName: String? { nil }

    // MARK: Observing deep links

    /// Adds an observer of every deep link opened through this coordinator or one below it (``open(_:with:)`` and
    /// ``open(userInfo:with:)``), taken or refused: for inspectors and analytics.
    ///
    /// Several observers may listen, on this coordinator and on those above it; each hears every link. Each goes
    /// away with its `owner`, held weakly, or with ``removeDeepLinkObservers(of:)``.
    public func addDeepLinkObserver(owner: AnyObject, _ observer: @escaping @MainActor (DeepLinkEvent) -> Void) {
        deepLinkObservers.append((WeakOwner(object: owner), observer))
    }

    /// Removes the deep-link observers `owner` added to this coordinator, and only those.
    public func removeDeepLinkObservers(of owner: AnyObject) {
        deepLinkObservers.removeAll { $0.owner.object === owner || $0.owner.object == nil }
    }

    /// The live observers of this coordinator and those above it, nearest first.
    var deepLinkObserversUpTheTree: [@MainActor (DeepLinkEvent) -> Void] {
        var observers: [@MainActor (DeepLinkEvent) -> Void] = []
        var coordinator: BaseCoordinator? = self
        while let current = coordinator {
            current.deepLinkObservers.removeAll { $0.owner.object == nil }
            observers += current.deepLinkObservers.map(\.observe)
            coordinator = current.parent
        }
        return observers
    }

    // MARK: Starting

    /// Begins the flow. Override it.
    ///
    /// The default calls `start(with: nil)`, as the seed's `start()` did: a coordinator that overrides only
    /// ``start(with:)`` begins — and begins again, as the seed's apps restart a flow after sign-in — whether it is
    /// started with ``start()``, ``start(with:)`` or ``run(with:)``. An override that calls `super.start()` first runs
    /// its own body once.
    open func start() {
        guard !isStartingNormally else { return }  // the default start(with:) called this: nothing more to begin
        isBeginningFromStart = true
        defer { isBeginningFromStart = false }
        start(with: nil)
    }

    /// Begins the flow at a deep link: offers it down the tree as ``open(_:)`` does, and starts normally when nobody
    /// handles it — then offers it again to the flows the start began (a tab container's tabs exist only once it has
    /// started). A link no flow takes even then is told to the deep-link observers up the tree as
    /// `DeepLinkError.notHandled(link:coordinator:)`, never dropped silently. Override it to route deep links
    /// yourself, as the seed's ApplicationCoordinator does.
    ///
    /// It begins a flow once. Called again on a running flow it never restarts it: the mistake is reported
    /// (`reportIssue`) and the link is offered as ``open(_:)`` offers it — the one way to open a link on a running
    /// tree.
    open func start(with deepLink: (any DeepLink)?) {
        guard !hasBegun else {
            if isBeginningFromStart { return }  // start() again: the seed's restart, which an override performs
            reportIssue(
                "start(with:) was called on \(name), which has begun: a flow begins once. Open a link on a running "
                    + "tree with open(_:) or open(_:with:), which throw when no flow takes it.")
            if let deepLink { offer(deepLink) }
            return
        }
        hasBegun = true
        guard let deepLink else {
            if isBeginningFromStart { return }  // the default start() called this: it is the flow's beginning
            return startNormally()
        }
        if offer(deepLink) { return }
        startNormally()
        if offer(deepLink) { return }
        let description = String(describing: deepLink)
        let event = DeepLinkEvent(
            source: description, link: description, error: .notHandled(link: description, coordinator: name))
        for observe in deepLinkObserversUpTheTree { observe(event) }
    }

    /// Calls ``start()`` for the default ``start(with:)``.
    private func startNormally() {
        isStartingNormally = true
        defer { isStartingNormally = false }
        start()
    }

    /// Starts the coordinator once, at `deepLink` if given.
    ///
    /// Starting it again is a mistake in the program: it is reported (IssueReporting's `reportIssue`: a runtime
    /// warning in the app, a failure in tests) and nothing happens. Open a link on a running flow with ``open(_:)``.
    public func run(with deepLink: (any DeepLink)? = nil) {
        guard !isStarted else {
            return reportIssue(
                "Coordinator '\(name)' was already started; a coordinator runs its flow once. Create a new "
                    + "coordinator for a new flow, or open a link on the running one with open(_:).")
        }
        isStarted = true
        start(with: deepLink)
    }

    // MARK: Deep links

    /// Handles a deep link this flow knows; returns whether it did. Override it; the default handles nothing.
    open func handle(deepLink: any DeepLink) -> Bool { false }

    /// Offers a deep link along the ``activePath`` order, until a coordinator handles it: first to the
    /// ``activeChild`` (so the flow the user sees, deepest first, takes a link before hidden ones), then to this
    /// coordinator, then to its other children in the order they were added — each child offering it the same way
    /// down its own tree. When one of those other children takes it, ``childDidTake(_:child:)`` is called here (a
    /// ``TabCoordinator`` selects that child's tab).
    ///
    /// To open a link on a running tree, use ``open(_:)`` or ``open(_:with:)``, which throw when no coordinator
    /// takes it; ``start(with:)`` is for starting.
    /// - Returns: Whether a coordinator handled it.
    @discardableResult
    package func offer(_ deepLink: any DeepLink) -> Bool {
        let active = activeChild
        if let active, active.offer(deepLink) { return true }
        if handle(deepLink: deepLink) { return true }
        for child in childCoordinators where child !== active {
            if let child = child as? BaseCoordinator {
                if child.offer(deepLink) {
                    childDidTake(deepLink, child: child)
                    return true
                }
            } else {
                child.start(with: deepLink)
            }
        }
        return false
    }

    /// Called when `child`, which is not the ``activeChild``, took a deep link offered through this coordinator.
    /// Override it to show the child (select its tab); the default does nothing.
    open func childDidTake(_ deepLink: any DeepLink, child: BaseCoordinator) {}

    // MARK: Children

    /// Adds a child coordinator, which this coordinator keeps alive until it is removed.
    ///
    /// Adding a child twice, or a child that belongs to another parent, is a mistake in the program: it is reported
    /// (`reportIssue`) and the child is left where it is.
    /// - Returns: Whether the child was added.
    @discardableResult
    public func addChild(_ child: any Coordinator) -> Bool {
        let childName = String(describing: type(of: child))
        if childCoordinators.contains(where: { $0 === child }) {
            reportIssue(
                "Coordinator '\(childName)' is already a child of '\(name)'. Add a child once; it is removed when it "
                    + "finishes.")
            return false
        }
        if let base = child as? BaseCoordinator {
            if let other = base.parent, other !== self {
                reportIssue(
                    "Coordinator '\(childName)' already belongs to '\(other.name)'. Remove it there first, or create "
                        + "a new one.")
                return false
            }
            base.parent = self
        }
        childCoordinators.append(child)
        return true
    }

    /// Removes a child coordinator and ends its flow (`hasEnded`) if it was started; returns whether it was a child.
    ///
    /// A child removed before it started has no flow to end: it can be started later, here or under another parent
    /// (the seed's `addDependency`, `removeDependency`, then start), and finishes as any flow does.
    @discardableResult
    public func removeChild(_ child: any Coordinator) -> Bool {
        guard let index = childCoordinators.firstIndex(where: { $0 === child }) else { return false }
        childCoordinators.remove(at: index)
        if let base = child as? BaseCoordinator {
            if base.parent === self { base.parent = nil }
            if base.isStarted { base.end() }
        }
        activePathDidChange()
        return true
    }

    // MARK: The active path's changes

    /// Observers of the tree's active path, held by the root: each with its owner, held weakly.
    private var activePathObservers: [(owner: WeakOwner, observe: @MainActor () -> Void)] = []

    /// Calls `observe` after the active path of this coordinator's tree changes — a child flow started or ended, a
    /// tab selected — until ``removeActivePathObservers(of:)`` or until `owner` is gone. Added to the root of the
    /// tree, so it hears every flow of it: what a command manager refreshes its menus on, what kept links wait for,
    /// and what a tool (a logger, a debugger) follows the tree with.
    ///
    /// ```swift
    /// root.addActivePathObserver(owner: logger) { [weak root] in
    ///     logger.info("now showing \(root?.activePath.map(\.name) ?? [])")
    /// }
    /// ```
    public func addActivePathObserver(owner: AnyObject, _ observe: @escaping @MainActor () -> Void) {
        let root = treeRoot
        root.activePathObservers.removeAll { $0.owner.object == nil }
        root.activePathObservers.append((WeakOwner(object: owner), observe))
    }

    /// Removes the active-path observers `owner` added to this coordinator's tree.
    public func removeActivePathObservers(of owner: AnyObject) {
        treeRoot.activePathObservers.removeAll { $0.owner.object == nil || $0.owner.object === owner }
    }

    /// The root of this coordinator's tree, which holds the active-path observers.
    private var treeRoot: BaseCoordinator {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    /// Tells the root's active-path observers that the path changed.
    package func activePathDidChange() {
        let root = treeRoot
        root.activePathObservers.removeAll { $0.owner.object == nil }
        for observer in root.activePathObservers { observer.observe() }
    }

    // MARK: The flow's lifetime

    /// Keeps an object alive for as long as the flow runs — a subscription token, a scoped store, a screen's model —
    /// and releases it when the flow ends.
    public func keep(_ object: AnyObject) {
        if hasEnded { return }
        kept.append(object)
    }

    /// Runs `action` when the flow ends (it finishes, or its parent removes it), such as cancelling the effects the
    /// flow started. Runs at once if it has ended already.
    public func onEnd(_ action: @escaping @MainActor () -> Void) {
        if hasEnded { return action() }
        endHandlers.append(action)
    }

    /// Ends the flow: its children end first, then its action routes leave the router (a flow that replaces it may
    /// register the same actions at once, whoever still holds this one), then its end handlers run in the order
    /// added, then what it kept is released. Ending twice does nothing more.
    func end() {
        guard !hasEnded else { return }
        hasEnded = true
        for child in childCoordinators.reversed() { (child as? BaseCoordinator)?.end() }
        dispatcher.unregisterAll()
        let actions = endHandlers
        endHandlers = []
        for action in actions { action() }
        kept = []
    }

    /// The path from this coordinator down its ``activeChild``ren to the flow the user sees, that flow first: the
    /// responder chain of commands, and the order in which deep links are offered.
    public var activePath: [BaseCoordinator] {
        var path: [BaseCoordinator] = [self]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while let next = path.last?.activeChild, seen.insert(ObjectIdentifier(next)).inserted { path.append(next) }
        return path.reversed()
    }

    /// Removes every child, for example before replacing the running flow with another.
    public func removeAllChildren() {
        for child in childCoordinators { removeChild(child) }
    }

    /// Adds a child, starts it, and removes it when it finishes, passing its output to `onFinish`.
    ///
    /// A child that was started or added before is a mistake in the program: it is reported (`reportIssue`) and
    /// nothing happens.
    /// - Parameters:
    ///   - child: A new coordinator.
    ///   - deepLink: Where to start it; its first screen when `nil`.
    ///   - onFinish: Receives the child's output after the child has been removed.
    /// - Returns: Whether the child was started.
    @discardableResult
    public func startChild<Output>(
        _ child: FlowCoordinator<Output>,
        with deepLink: (any DeepLink)? = nil,
        onFinish: @escaping @MainActor (Output) -> Void = { _ in }
    ) -> Bool {
        guard !child.isStarted else {
            reportIssue(
                "Coordinator '\(child.name)' was already started; a coordinator runs its flow once. Create a new one "
                    + "for a new flow.")
            return false
        }
        guard addChild(child) else { return false }
        child.finishHandler = { [weak self, weak child] output in
            if let child { self?.removeChild(child) }
            onFinish(output)
        }
        child.run(with: deepLink)
        activePathDidChange()
        return true
    }

    /// Starts a child flow on a stack of its own and presents that stack modally over `router`; the flow and the
    /// sheet end together.
    ///
    /// When the child finishes, its sheet is dismissed (if it is still presented) and `onFinish` receives the output;
    /// when the user dismisses the sheet (a swipe), the child finishes with `dismissedOutput`. A child that was
    /// started before is reported, as ``startChild(_:with:onFinish:)`` reports it.
    ///
    /// ```swift
    /// let creation = ItemCreateCoordinator(router: routers.makeRouter(name: "create"))
    /// try presentChild(creation, showing: creation.router, on: router, dismissedOutput: nil) { [weak self] item in
    ///     if let self, let item { showItem(item) }
    /// }
    /// ```
    /// - Parameters:
    ///   - child: A new flow, which shows its screens on `childRouter`.
    ///   - childRouter: The child's stack, presented over `router`.
    ///   - router: The stack the sheet is presented over.
    ///   - animated: Whether to animate presenting and dismissing.
    ///   - dismissedOutput: The child's output when the user dismisses its sheet.
    ///   - onFinish: Receives the child's output once it has been removed and its sheet dismissed.
    /// - Throws: The ``NavigationError`` of presenting (the platform refused it); the child is then removed, its
    ///   flow ended, and `onFinish` is not called.
    public func presentChild<Output>(
        _ child: FlowCoordinator<Output>,
        showing childRouter: any NavigationRouter,
        on router: any NavigationRouter,
        animated: Bool = true,
        dismissedOutput: Output,
        onFinish: @escaping @MainActor (Output) -> Void = { _ in }
    ) throws(NavigationError) {
        guard startChild(child, onFinish: onFinish) else { return }
        // A child that ends without finishing — its parent removed it — takes its sheet with it.
        child.onEnd { [weak router, weak childRouter] in
            guard let router, let childRouter else { return }
            while router.presented.contains(where: { $0 === childRouter }) {
                do throws(NavigationError) { try router.dismiss(animated: animated, completion: nil) } catch {
                    (router.onError ?? NavigationErrorLog.report)(error)
                    break
                }
            }
        }
        // The sheet leaves before the child is removed, so that what the removal sets off (a kept link offered when
        // the active path changes) finds the screens as the user will see them, without the sheet.
        let removeAndFinish = child.finishHandler
        child.finishHandler = { output in
            // The sheet, and whatever was presented over it, leave: dismissing takes the topmost module each time.
            while router.presented.contains(where: { $0 === childRouter }) {
                do throws(NavigationError) { try router.dismiss(animated: animated, completion: nil) } catch {
                    (router.onError ?? NavigationErrorLog.report)(error)
                    break
                }
            }
            removeAndFinish?(output)
        }
        child.dismissAsUser = { [weak child] in child?.finish(dismissedWith: dismissedOutput) }
        let presentedBefore = router.presented.count
        do throws(NavigationError) {
            try router.present(childRouter, animated: animated, completion: nil) { [weak child] in
                child?.finish(dismissedWith: dismissedOutput)
            }
        } catch {
            removeChild(child)  // ends the flow without an output: `onFinish` is not called
            throw error
        }
        // A sheet already shown was reported and not presented again: the flow has nowhere to run.
        if router.presented.count == presentedBefore { removeChild(child) }
    }
}

/// A weak reference, for observers that go away with their owner.
struct WeakOwner {
    weak var object: AnyObject?
}
