#if canImport(UIKit) && !os(watchOS)
    public import ConductorCoordinators
    public import UIKit

    // A view controller is a module: `toPresent()` returns itself. Module-qualified, as the conformance of a UIKit type
    // to a Conductor protocol is deliberate.
    extension UIViewController: ConductorCoordinators.Presentable {}

    /// A `UINavigationController` as a ``ConductorCoordinators/NavigationHost``: the seed's `RouterImp`, with the
    /// decisions left to ``ConductorCoordinators/HostedNavigationRouter``.
    ///
    /// It shows the stacks and modals the router asks for, and reports what the user does on their own — the back
    /// button, an interactive swipe (completed or cancelled), a sheet dragged down — through the navigation
    /// controller's and the presentation controllers' delegates. Each method maps one UIKit call; no decision is
    /// made here.
    ///
    /// ```swift
    /// let navigation = UINavigationController()
    /// let host = UIKitNavigationHost(navigation)
    /// let router = host.makeRouter(name: "main")
    /// try router.setRoot(ItemsViewController(), hideBar: false)
    /// ```
    @MainActor
    public final class UIKitNavigationHost: NSObject, NavigationHost, UINavigationControllerDelegate,
        UIAdaptivePresentationControllerDelegate
    {
        /// The navigation controller it drives.
        public let navigationController: UINavigationController
        /// The router it reports to; set by ``makeRouter(name:)``.
        public weak var router: HostedNavigationRouter?

        /// Becomes the navigation controller's delegate.
        public init(_ navigationController: UINavigationController) {
            self.navigationController = navigationController
            super.init()
            navigationController.delegate = self
        }

        /// A router over this host, which the host reports to.
        public func makeRouter(name: String) -> HostedNavigationRouter {
            let router = HostedNavigationRouter(name: name, host: self)
            self.router = router
            return router
        }

        // MARK: NavigationHost

        /// `setViewControllers(_:animated:)`.
        public func show(stack: [any Presentable], animated: Bool) {
            navigationController.setViewControllers(stack.compactMap { $0 as? UIViewController }, animated: animated)
        }

        /// `present(_:animated:)` from the top-most presented controller, becoming its presentation delegate so a
        /// swipe-down is reported.
        public func present(_ module: any Presentable, animated: Bool) {
            guard let controller = module as? UIViewController else { return }
            controller.presentationController?.delegate = self
            var presenter: UIViewController = navigationController
            while let next = presenter.presentedViewController { presenter = next }
            presenter.present(controller, animated: animated)
        }

        /// `dismiss(animated:)` on the module's presenter.
        public func dismiss(_ module: any Presentable, animated: Bool) {
            (module as? UIViewController)?.presentingViewController?.dismiss(animated: animated)
        }

        /// `hidesBottomBarWhenPushed`.
        public func setHidesBottomBar(_ hidden: Bool, for module: any Presentable) {
            (module as? UIViewController)?.hidesBottomBarWhenPushed = hidden
        }

        /// `isNavigationBarHidden`.
        public func setNavigationBarHidden(_ hidden: Bool) {
            navigationController.isNavigationBarHidden = hidden
        }

        // MARK: What the user does

        /// `willShow`: a pop may start; when it is interactive, its cancellation is reported too.
        public func navigationController(
            _ navigationController: UINavigationController,
            willShow viewController: UIViewController,
            animated: Bool
        ) {
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

        /// `didShow`: the stack the user now sees.
        public func navigationController(
            _ navigationController: UINavigationController,
            didShow viewController: UIViewController,
            animated: Bool
        ) {
            do throws(NavigationError) {
                try router?.hostDidShow(navigationController.viewControllers)
            } catch {
                router?.onError?(error)
            }
        }

        /// A sheet dragged down.
        public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            router?.hostDidDismiss(presentationController.presentedViewController)
        }
    }
#endif
