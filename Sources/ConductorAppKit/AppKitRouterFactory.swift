#if canImport(AppKit) && os(macOS)
    public import AppKit
    public import ConductorCoordinators

    /// Makes the routers of an AppKit front end, so that coordinators written against
    /// ``ConductorCoordinators/RouterFactory`` run on macOS as they do headless, on UIKit and on SwiftUI.
    ///
    /// | Asked for | Made |
    /// |---|---|
    /// | `makeRouter(name:)` | a `HostedNavigationRouter` on a new ``AppKitStackViewController`` |
    /// | `makeTabs(name:tabs:)` | a `TabRouter` on a new ``AppKitTabViewController``, one stack per tab |
    /// | `makeWindow(name:)` | a `HostedNavigationRouter` on an ``AppKitWindowHost`` of ``window`` |
    ///
    /// Each router keeps its view controller alive until something else owns it (a window, a presenting view
    /// controller, a parent): present a flow's router and it opens as a sheet; set it (or the tabs) as the window
    /// router's root and it fills the window.
    ///
    /// <!-- not compiled: AppKit, on Apple platforms only -->
    /// ```swift
    /// let routers = AppKitRouterFactory(window: window, tabTitles: ["items": "Items", "settings": "Settings"])
    /// app = AppCoordinator(window: routers.makeWindow(name: "window"), routers: routers)   // kept by the app delegate
    /// app.run()                                                 // the root runs; each flow overrides start()
    /// ```
    @MainActor
    public struct AppKitRouterFactory: RouterFactory {
        /// What each tab shows, by tab name, for the tab routers this factory makes; a tab without a title shows its
        /// name.
        public var tabTitles: [String: String]
        /// The window whose router ``makeWindow(name:)`` makes.
        public weak var window: NSWindow?

        /// Creates the factory.
        /// - Parameters:
        ///   - window: The window whose router ``makeWindow(name:)`` makes.
        ///   - tabTitles: What each tab shows, by tab name.
        public init(window: NSWindow? = nil, tabTitles: [String: String] = [:]) {
            self.window = window
            self.tabTitles = tabTitles
        }

        /// The router of ``window``: its one root is the window's content view controller. Without a window, give
        /// the host one later (``AppKitWindowHost/window``).
        public func makeWindow(name: String) -> HostedNavigationRouter {
            AppKitWindowHost(window).makeRouter(name: name)
        }

        /// A ``ConductorCoordinators/HostedNavigationRouter`` named `name` on a new ``AppKitStackViewController``.
        public func makeRouter(name: String) -> any NavigationRouter {
            AppKitStackViewController().makeRouter(name: name)
        }

        /// A `TabRouter` on a new ``AppKitTabViewController``, titled from ``tabTitles``.
        public func makeTabs(name: String, tabs: [String]) -> TabRouter {
            AppKitTabViewController().makeTabs(name: name, tabs: tabs, titles: tabTitles)
        }
    }
#endif
