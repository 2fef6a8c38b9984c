#if canImport(UIKit) && !os(watchOS)
    public import ConductorCoordinators
    public import UIKit

    // A view controller is a module: `toPresent()` returns itself. Module-qualified, as the conformance of a UIKit type
    // to a Conductor protocol is deliberate.
    extension UIViewController: ConductorCoordinators.Presentable {}

    /// A `UINavigationController` as the host of a ``ConductorCoordinators/HostedNavigationRouter``: it shows the
    /// router's stack and modals, and reports the back button, swipe-back (finished or cancelled) and sheets dragged
    /// away back to the router.
    ///
    /// ```swift
    /// let router = UIKitNavigationHost(UINavigationController()).makeRouter(name: "items")
    /// window.rootViewController = (router.host as? UIKitNavigationHost)?.navigationController
    /// ```
    ///
    /// **Lifetime:** the router keeps its host alive (a host built inline works), and the host its navigation
    /// controller; the host holds the router weakly and UIKit its delegate weakly, so nothing forms a cycle and a
    /// flow's navigation controller goes when its router does. **Delegates:** the host becomes the navigation controller's delegate; a
    /// delegate the controller had before (or one set in ``forwardingDelegate`` later) still receives every call.
    /// **Modules:** it shows view controllers, and routers or tab containers of UIKit hosts (their navigation or
    /// tab bar controller, for presenting a flow with a stack of its own); anything else is refused by the router
    /// with ``ConductorCoordinators/NavigationError/cannotShow(module:router:)``.
    @MainActor
    public final class UIKitNavigationHost: NSObject, NavigationHost, UINavigationControllerDelegate,
        UIAdaptivePresentationControllerDelegate
    {
        /// The navigation controller this host drives.
        public let navigationController: UINavigationController
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

        /// Makes this host the delegate of `navigationController`, forwarding to the delegate it had, and ties the
        /// host's lifetime to the controller.
        public init(_ navigationController: UINavigationController) {
            self.navigationController = navigationController
            super.init()
            if let previous = navigationController.delegate, previous !== self { forwardingDelegate = previous }
            navigationController.delegate = self
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

        /// Sets the navigation controller's view controllers.
        public func show(stack: [any Presentable], animated: Bool) {
            navigationController.setViewControllers(stack.compactMap(Self.viewController(for:)), animated: animated)
        }

        /// Presents the module's view controller over the topmost presented one; `completion` runs when UIKit has
        /// finished presenting it.
        public func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let controller = Self.viewController(for: module) else { return completion() }
            controller.presentationController?.delegate = self
            var presenter: UIViewController = navigationController
            while let next = presenter.presentedViewController { presenter = next }
            presenter.present(controller, animated: animated) { completion() }
        }

        /// Dismisses the module's view controller (and whatever it presented in turn); `completion` runs when UIKit
        /// has finished.
        public func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let controller = Self.viewController(for: module), controller.presentingViewController != nil else {
                return completion()
            }
            controller.dismiss(animated: animated) { completion() }
        }

        /// Sets `hidesBottomBarWhenPushed` on the module's view controller.
        public func setHidesBottomBar(_ hidden: Bool, for module: any Presentable) {
            Self.viewController(for: module)?.hidesBottomBarWhenPushed = hidden
        }

        /// Hides or shows the navigation bar.
        public func setNavigationBarHidden(_ hidden: Bool) {
            navigationController.isNavigationBarHidden = hidden
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
            router?.hostWillShow(navigationController.viewControllers)
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
                try router?.hostDidShow(navigationController.viewControllers)
            } catch {
                router?.onError?(error)
            }
        }

        /// A sheet dragged away: the router drops it and runs its `onDismiss`.
        public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            let dismissed = presentationController.presentedViewController
            guard let router else { return }
            if let module = router.presented.first(where: { Self.viewController(for: $0) === dismissed }) {
                router.hostDidDismiss(module)
            }
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
