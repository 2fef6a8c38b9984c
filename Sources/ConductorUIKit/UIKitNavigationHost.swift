#if canImport(UIKit) && !os(watchOS)
    public import ConductorCoordinators
    internal import IssueReporting
    public import UIKit

    // A view controller is a module: `toPresent()` returns itself. Module-qualified, as the conformance of a UIKit type
    // to a Conductor protocol is deliberate.
    extension UIViewController: ConductorCoordinators.Presentable {}

    /// A `UINavigationController` as the host of a ``ConductorCoordinators/HostedNavigationRouter``: it shows the
    /// router's stack and modals, and reports the back button, swipe-back (finished or cancelled) and sheets dragged
    /// away back to the router.
    ///
    /// <!-- not compiled: UIKit, on Apple platforms only -->
    /// ```swift
    /// let router = UIKitNavigationHost(UINavigationController()).makeRouter(name: "items")
    /// try window.setRoot(router, hideBar: false)    // the window's router (UIKitWindowHost) shows its controller
    /// ```
    ///
    /// **Lifetime:** the router keeps its host alive (a host built inline works), and the host keeps its navigation
    /// controller until something else owns it — a window, a tab bar controller, a presenting view controller — so a
    /// flow's stack can be built before it shows; from then on what shows it keeps it, as AppKit's hosts do. So a
    /// screen that holds its coordinator strongly forms no cycle through the host: a dismissed flow's controllers go
    /// with its screens. The host holds the router weakly and UIKit its delegate weakly. **Delegates:** the host becomes the navigation
    /// controller's delegate; a delegate the controller had before (or one set in ``forwardingDelegate`` later) still
    /// receives every call.
    /// **Modules:** it shows view controllers, and routers or tab containers of UIKit hosts (their navigation or
    /// tab bar controller, for presenting a flow with a stack of its own); anything else is refused by the router
    /// with ``ConductorCoordinators/NavigationError/cannotShow(module:router:)``, and so is a push (or new root) of a
    /// navigation controller, which UIKit only presents. **Presentations:** the delegate a presented view
    /// controller's presentation controller had still receives every call; a presentation or dismissal asked for
    /// while UIKit animates another waits for it to end; a dismissal that takes modals other hosts presented above
    /// (as UIKit dismisses everything above) tells those hosts' routers.
    @MainActor
    public final class UIKitNavigationHost: NSObject, NavigationHost, UINavigationControllerDelegate,
        UIAdaptivePresentationControllerDelegate
    {
        /// The navigation controller this host drives: kept by the host until something else owns it, then held
        /// weakly (what shows it keeps it); `nil` once what showed it let it go.
        public private(set) weak var navigationController: UINavigationController?
        /// The navigation controller, until something else owns it: nothing else holds a flow's stack before it
        /// shows.
        private var keptController: UINavigationController?
        /// The router this host reports to.
        public weak var router: HostedNavigationRouter?
        /// The navigation controller's delegate besides this host: UIKit's delegate calls reach it too.
        public var forwardingDelegate: (any UINavigationControllerDelegate)? {
            get { forwarding }
            set { forwarding = newValue }
        }
        // Unchecked isolation is sound: a weak reference's loads and stores are atomic in the Swift runtime, so
        // `responds(to:)` and `forwardingTarget(for:)` — nonisolated overrides that the Objective-C runtime may call
        // on any thread — read the old or the new delegate, never a torn value; it is written only on the main actor.
        private nonisolated(unsafe) weak var forwarding: (any UINavigationControllerDelegate)?
        /// The delegates of the presentation controllers of what this host presents, by presented view controller:
        /// UIKit holds a presentation controller's delegate weakly, so the host keeps each until its presentation ends.
        private var presentationDelegates: [ObjectIdentifier: UIKitPresentationDelegate] = [:]
        /// The completions of presentations waiting for a transition to end, by view controller to present: a
        /// dismissal before it showed drops the presentation.
        private var waitingPresentations: [ObjectIdentifier: @MainActor () -> Void] = [:]

        /// Makes this host the delegate of `navigationController`, forwarding to the delegate it had, and ties the
        /// host's lifetime to the controller.
        public init(_ navigationController: UINavigationController) {
            self.navigationController = navigationController
            keptController = Self.isOwned(navigationController) ? nil : navigationController
            super.init()
            if let previous = navigationController.delegate, previous !== self { forwardingDelegate = previous }
            navigationController.delegate = self
            UIKitDismissalTracking.install()
            UIKitDismissalTracking.register(self, for: navigationController)
        }

        /// Checks that this host is still the navigation controller's delegate. An app that set its own (for custom
        /// transitions) would silently cut the host off — back and swipe-back no longer reach the router — so the
        /// app's delegate becomes the ``forwardingDelegate`` (it keeps receiving every call), the host takes its place
        /// back, and the mistake is reported with its fix.
        func checkDelegate() {
            guard let navigationController else { return }
            // A tab's stack: its tab bar controller's container checks its own delegate, and the tab shown.
            UIKitTabContainer.container(of: navigationController.tabBarController)?.checkDelegate()
            guard let current = navigationController.delegate, current !== self else {
                if navigationController.delegate == nil { navigationController.delegate = self }
                return
            }
            forwardingDelegate = current
            navigationController.delegate = self
            reportIssue(
                "The delegate of the navigation controller of router '\(router?.name ?? "?")' was replaced by "
                    + "\(type(of: current)), which cut the router off from back and swipe-back. Conductor forwards "
                    + "every delegate call to it now; set UIKitNavigationHost.forwardingDelegate instead.")
        }

        /// A router over this host.
        public func makeRouter(name: String) -> HostedNavigationRouter {
            let router = HostedNavigationRouter(name: name, host: self)
            self.router = router
            return router
        }

        /// The view controller that shows `module` in UIKit: a view controller itself, the navigation controller of
        /// a router on a UIKit host, the tab bar controller of a tab container on one; `nil` for anything else.
        public static func viewController(for module: any Presentable) -> UIViewController? {
            if let controller = module as? UIViewController { return controller }
            if let router = module as? HostedNavigationRouter, let host = router.host as? UIKitNavigationHost {
                return host.navigationController
            }
            if let tabs = module as? TabRouter, let container = tabs.host as? UIKitTabContainer {
                return container.tabBarController
            }
            return nil
        }

        // MARK: NavigationHost

        /// View controllers, and routers and tab containers on UIKit hosts.
        public func canShow(_ module: any Presentable) -> Bool { Self.viewController(for: module) != nil }

        /// What ``canShow(_:)`` accepts but navigation controllers — a router on a UIKit host is a flow to present:
        /// UIKit raises on pushing a navigation controller ("Pushing a navigation controller is not supported"), and
        /// on making one another's root. Tabs never reach here: the router refuses them on a stack (a tab bar is a
        /// window's root, ``UIKitWindowHost``).
        public func canPush(_ module: any Presentable) -> Bool {
            guard let controller = Self.viewController(for: module) else { return false }
            return !(controller is UINavigationController)
        }

        /// Sets the navigation controller's view controllers; nothing once what showed the controller let it go (a
        /// finished flow's router has no screen left to change).
        public func show(stack: [any Presentable], animated: Bool) {
            checkDelegate()
            navigationController?.setViewControllers(stack.compactMap(Self.viewController(for:)), animated: animated)
        }

        // MARK: Lifetime

        /// Whether something other than a host keeps `controller`: a parent (a tab bar controller, a container), a
        /// presenting view controller, or a window whose root it is.
        static func isOwned(_ controller: UIViewController) -> Bool {
            controller.parent != nil || controller.presentingViewController != nil
                || controller.viewIfLoaded?.window?.rootViewController === controller
        }

        /// Stops keeping the navigation controller once something else owns it (or, `owned`, when the caller just
        /// gave it an owner): from then on what shows it keeps it.
        func stopKeeping(owned: Bool = false) {
            guard let kept = keptController, owned || Self.isOwned(kept) else { return }
            keptController = nil
        }

        /// `controller` was just given an owner that holds it strongly (a window's root, a tab bar controller's
        /// child, a presentation): the host or tab container that kept it stops keeping it.
        static func didGiveOwner(to controller: UIViewController) {
            if let navigation = controller as? UINavigationController {
                UIKitDismissalTracking.host(of: navigation)?.stopKeeping(owned: true)
            } else if let tabBar = controller as? UITabBarController {
                (tabBar.delegate as? UIKitTabContainer)?.stopKeeping(owned: true)
            }
        }

        /// Presents the module's view controller over the topmost presented one; `completion` runs when UIKit has
        /// finished presenting it.
        ///
        /// While UIKit animates a transition of what it would present over — a dismissal, a presentation, a push —
        /// the presentation waits for it to end: UIKit would refuse it silently, and its completion never run. A
        /// dismissal of the module before then drops it (and runs `completion`, once, as the router expects).
        public func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let controller = Self.viewController(for: module) else { return completion() }
            waitingPresentations[ObjectIdentifier(controller)] = completion
            guard let base: UIViewController = navigationController else { return completion() }
            UIKitTransitionWait.whenIdle({ UIKitPresentations.chain(from: base) }) {
                self.presentWhenIdle(controller, animated: animated)
            }
        }

        /// Presents `controller` over the topmost presented view controller, unless its presentation was dropped
        /// while it waited.
        private func presentWhenIdle(_ controller: UIViewController, animated: Bool) {
            guard let completion = waitingPresentations.removeValue(forKey: ObjectIdentifier(controller)) else {
                return
            }
            guard var presenter: UIViewController = navigationController else {
                // What showed this host's stack let it go: there is nothing to present over.
                return completion()
            }
            while let next = presenter.presentedViewController { presenter = next }
            let delegate = UIKitPresentationDelegate(host: self, presented: controller)
            presentationDelegates = presentationDelegates.filter { $0.value.presented != nil }
            presentationDelegates[ObjectIdentifier(controller)] = delegate
            if let presentationController = controller.presentationController {
                delegate.install(on: presentationController)
            }
            UIKitPresentations.register(controller, presentedBy: self)
            presenter.present(controller, animated: animated) {
                // The app may have set its own delegate while the view loaded: it becomes the one forwarded to.
                if let presentationController = controller.presentationController {
                    delegate.install(on: presentationController)
                }
                Self.didGiveOwner(to: controller)
                completion()
            }
        }

        /// Dismisses the module's view controller (and whatever it presented in turn); `completion` runs when UIKit
        /// has finished.
        ///
        /// It waits for a transition of the view controller, or of one above it, to end (UIKit would refuse to
        /// dismiss a view controller still being presented). Modals other hosts presented above it, which UIKit
        /// dismisses with it, are reported to those hosts' routers once it has.
        public func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let controller = Self.viewController(for: module) else { return completion() }
            if let presented = waitingPresentations.removeValue(forKey: ObjectIdentifier(controller)) {
                // Never shown: the presentation is dropped, and both completions run, each once, in order.
                presented()
                return completion()
            }
            UIKitTransitionWait.whenIdle({ UIKitPresentations.chain(from: controller) }) {
                self.dismissWhenIdle(controller, animated: animated, completion: completion)
            }
        }

        /// Dismisses `controller`, unless the user already did while the dismissal waited.
        private func dismissWhenIdle(
            _ controller: UIViewController,
            animated: Bool,
            completion: @escaping @MainActor () -> Void
        ) {
            guard controller.presentingViewController != nil else {
                endPresentation(of: controller)
                return completion()
            }
            let above = UIKitPresentations.presented(above: controller)
            // Asked of the controller that presented it: UIKit's `dismiss(animated:)` called on a view controller that
            // presents another dismisses only what it presents (View Controller Programming Guide, "Dismissing a
            // Presented View Controller"), which would leave `controller` on screen while the router dropped it.
            let presenter = controller.presentingViewController ?? controller
            presenter.dismiss(animated: animated) {
                self.endPresentation(of: controller)
                // The router dismissed `controller` itself and has dropped its module; the modals above went with it.
                UIKitPresentations.reportDismissed(above)
                completion()
            }
        }

        /// Sets `hidesBottomBarWhenPushed` on the module's view controller.
        public func setHidesBottomBar(_ hidden: Bool, for module: any Presentable) {
            Self.viewController(for: module)?.hidesBottomBarWhenPushed = hidden
        }

        /// Hides or shows the navigation bar.
        public func setNavigationBarHidden(_ hidden: Bool) {
            navigationController?.isNavigationBarHidden = hidden
        }

        // MARK: What the user does

        /// Tells the router what is about to show, and whether an interactive pop was cancelled.
        public func navigationController(
            _ navigationController: UINavigationController,
            willShow viewController: UIViewController,
            animated: Bool
        ) {
            forwardingDelegate?.navigationController?(
                navigationController, willShow: viewController, animated: animated)
            router?.hostWillShow(modules(showing: navigationController.viewControllers))
            guard let coordinator = navigationController.transitionCoordinator, coordinator.isInteractive else {
                return
            }
            coordinator.notifyWhenInteractionChanges { [weak self] context in
                let cancelled = context.isCancelled
                // UIKit calls this on the main thread.
                MainActor.assumeIsolated { if cancelled { self?.router?.hostCancelledTransition() } }
            }
        }

        /// Tells the router what shows now: a back button or swipe-back pops its stack.
        public func navigationController(
            _ navigationController: UINavigationController,
            didShow viewController: UIViewController,
            animated: Bool
        ) {
            forwardingDelegate?.navigationController?(navigationController, didShow: viewController, animated: animated)
            do throws(NavigationError) {
                try router?.hostDidShow(modules(showing: navigationController.viewControllers))
            } catch {
                router?.onError?(error)
            }
            stopKeeping()
            checkDrift()
        }

        /// In debug builds, after a transition: what the navigation controller shows is the router's stack, and what
        /// it presents the router's presented modules; a difference is reported with what caused it and its fix.
        func checkDrift() {
            #if DEBUG
                guard let router, let navigationController else { return }
                let shown = navigationController.viewControllers
                let stack = router.stack.compactMap(Self.viewController(for:))
                if shown.count != stack.count || zip(shown, stack).contains(where: { $0 !== $1 }) {
                    reportIssue(
                        "Router '\(router.name)' holds \(stack.count) screens while its navigation controller shows "
                            + "\(shown.count): something changed the navigation controller without its delegate "
                            + "(UIKitNavigationHost) hearing it. Push and pop through the router or the flow.")
                }
            #endif
        }

        /// The router's modules that `controllers` show, root first: a module of the router's stack is not always
        /// its view controller (a router's is its navigation controller, a tab router's its tab bar controller), and
        /// the router knows its stack by module. A view controller no module of the stack shows stands for itself.
        private func modules(showing controllers: [UIViewController]) -> [any Presentable] {
            var modules: [ObjectIdentifier: any Presentable] = [:]
            for module in router?.stack ?? [] {
                if let controller = Self.viewController(for: module) { modules[ObjectIdentifier(controller)] = module }
            }
            return controllers.map { modules[ObjectIdentifier($0)] ?? $0 }
        }

        /// A sheet dragged away: the router drops it and runs its `onDismiss`. The host's delegate of each
        /// presentation controller calls it, after the delegate the presentation controller had before.
        public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            presentationDidEnd(of: presentationController.presentedViewController)
        }

        /// A view controller this host presented is gone without the router asking — dragged away, or dismissed
        /// by UIKit along with one under it that another host dismissed: the router drops its module, and those it
        /// presented over it, and runs their `onDismiss`.
        func presentationDidEnd(of controller: UIViewController) {
            endPresentation(of: controller)
            guard let router else { return }
            if let module = router.presented.first(where: { Self.viewController(for: $0) === controller }) {
                router.hostDidDismiss(module)
            }
        }

        /// The presentation of `controller` is over: its presentation controller gets its own delegate back, and no
        /// host takes it for this host's any more.
        private func endPresentation(of controller: UIViewController) {
            presentationDelegates.removeValue(forKey: ObjectIdentifier(controller))?.uninstall()
            UIKitPresentations.unregister(controller)
        }

        /// Whether this host or its ``forwardingDelegate`` answers `aSelector`: delegate methods this host does not
        /// implement reach the forwarding delegate.
        public override func responds(to aSelector: Selector!) -> Bool {
            super.responds(to: aSelector) || (forwarding?.responds(to: aSelector) ?? false)
        }

        /// The ``forwardingDelegate`` for the delegate methods it implements and this object does not.
        public override func forwardingTarget(for aSelector: Selector!) -> Any? {
            if let forwarding, forwarding.responds(to: aSelector) { return forwarding }
            return super.forwardingTarget(for: aSelector)
        }
    }
#endif
