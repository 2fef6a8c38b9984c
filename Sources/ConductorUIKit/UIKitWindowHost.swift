#if canImport(UIKit) && !os(watchOS)
    public import ConductorCoordinators
    public import UIKit

    /// A `UIWindow` as the host of a window's router: the router's one root — a flow's navigation controller, the
    /// tab bar controller, a screen — is the window's `rootViewController`, as Apple's *View Controller Catalog ›
    /// Tab Bar Controllers* installs a tab bar interface ("directly as a window's root view controller").
    ///
    /// <!-- not compiled: UIKit, on Apple platforms only -->
    /// ```swift
    /// let routers = UIKitRouterFactory(window: window, tabTitles: ["items": "Items"])
    /// let app = AppCoordinator(window: routers.makeWindow(name: "window"), routers: routers)
    /// self.app = app          // kept by the scene delegate
    /// app.run()               // the first flow sets its stack (or the tabs) as the window's root
    /// window.makeKeyAndVisible()
    /// ```
    ///
    /// The router refuses a push or a present on it: they belong on the stack the window shows. A new root replaces
    /// the old one with a cross-dissolve when animated. The host holds the window weakly (the scene keeps it), so a
    /// screen that holds its coordinator forms no cycle through the window; a window given later (``window``) shows
    /// the root set before.
    @MainActor
    public final class UIKitWindowHost: NavigationHost {
        /// The window whose root view controller this host sets; the root set before it was given shows at once.
        public weak var window: UIWindow? {
            didSet { showRoot(animated: false) }
        }
        private var root: (any Presentable)?

        /// A host of `window`'s root view controller.
        public init(_ window: UIWindow?) { self.window = window }

        /// A window's router on this host, named `name`: the router keeps the host alive.
        public func makeRouter(name: String) -> HostedNavigationRouter {
            HostedNavigationRouter(name: name, host: self)
        }

        /// A window's: one root, no push, no present.
        public var isWindow: Bool { true }

        /// What a window can show as its root: view controllers, and routers and tab containers of UIKit hosts.
        public func canShow(_ module: any Presentable) -> Bool {
            UIKitNavigationHost.viewController(for: module) != nil
        }

        /// Makes the stack's one module the window's root view controller.
        public func show(stack: [any Presentable], animated: Bool) {
            root = stack.last
            showRoot(animated: animated)
        }

        private func showRoot(animated: Bool) {
            guard let window, let root, let controller = UIKitNavigationHost.viewController(for: root),
                window.rootViewController !== controller
            else { return }
            // The window owns the root now: the host that kept it stops keeping it.
            defer { UIKitNavigationHost.didGiveOwner(to: controller) }
            guard animated, window.rootViewController != nil else {
                window.rootViewController = controller
                return
            }
            UIView.transition(
                with: window, duration: 0.3, options: .transitionCrossDissolve,
                animations: { UIView.performWithoutAnimation { window.rootViewController = controller } })
        }

        /// Never called: the router refuses a present on a window's router.
        public func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            completion()
        }

        /// Never called: nothing is presented on a window's router.
        public func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            completion()
        }
    }
#endif
