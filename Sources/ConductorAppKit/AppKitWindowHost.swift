#if canImport(AppKit) && os(macOS)
    public import AppKit
    public import ConductorCoordinators

    /// An `NSWindow` as the host of a window's router: the router's one root — a flow's stack, the tab view
    /// controller, a screen — is the window's `contentViewController`.
    ///
    /// <!-- not compiled: AppKit, on Apple platforms only -->
    /// ```swift
    /// let routers = AppKitRouterFactory(window: window, tabTitles: ["items": "Items"])
    /// app = AppCoordinator(window: routers.makeWindow(name: "window"), routers: routers)   // kept by the app delegate
    /// app.run()                                 // the first flow sets its stack (or the tabs) as the window's root
    /// ```
    ///
    /// The router refuses a push or a present on it: they belong on the stack the window shows. The host holds the
    /// window weakly (the app keeps it); a window given later (``window``) shows the root set before.
    @MainActor
    public final class AppKitWindowHost: NavigationHost {
        /// The window whose content view controller this host sets; the root set before it was given shows at once.
        public weak var window: NSWindow? {
            didSet { showRoot() }
        }
        private var root: (any Presentable)?

        /// A host of `window`'s content view controller.
        public init(_ window: NSWindow?) { self.window = window }

        /// A window's router on this host, named `name`: the router keeps the host alive.
        public func makeRouter(name: String) -> HostedNavigationRouter {
            HostedNavigationRouter(name: name, host: self)
        }

        /// A window's: one root, no push, no present.
        public var isWindow: Bool { true }

        /// What a window can show as its root: view controllers, routers on AppKit hosts and tab routers of AppKit
        /// tab containers.
        public func canShow(_ module: any Presentable) -> Bool {
            AppKitNavigationHost.viewController(for: module) != nil
        }

        /// Makes the stack's one module the window's content view controller.
        public func show(stack: [any Presentable], animated: Bool) {
            root = stack.last
            showRoot()
        }

        private func showRoot() {
            guard let window, let root, let controller = AppKitNavigationHost.viewController(for: root),
                window.contentViewController !== controller
            else { return }
            window.contentViewController = controller
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
