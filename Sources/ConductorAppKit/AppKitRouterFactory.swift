#if canImport(AppKit) && os(macOS)
    public import ConductorCoordinators

    /// Makes the routers of an AppKit front end, so that coordinators written against
    /// ``ConductorCoordinators/RouterFactory`` run on macOS as they do headless, on UIKit and on SwiftUI.
    ///
    /// | Asked for | Made |
    /// |---|---|
    /// | `makeRouter(name:)` | a `HostedNavigationRouter` on a new ``AppKitStackViewController`` |
    /// | `makeTabs(name:tabs:)` | a `TabRouter` on a new ``AppKitTabViewController``, one stack per tab |
    ///
    /// Each router keeps its view controller alive until something else owns it (a window, a presenting view
    /// controller, a parent): present a flow's router and it opens as a sheet; put the root's view controller in a
    /// window with ``AppKitNavigationHost/viewController(for:)``.
    ///
    /// <!-- not compiled: AppKit, on Apple platforms only -->
    /// ```swift
    /// let routers = AppKitRouterFactory(tabTitles: ["items": "Items", "settings": "Settings"])
    /// let router = routers.makeRouter(name: "main")
    /// app = AppCoordinator(router: router, routers: routers)   // kept by the app delegate: nothing else holds it
    /// window.contentViewController = AppKitNavigationHost.viewController(for: router)
    /// app.run()                                                 // the root runs; each flow overrides start()
    /// ```
    @MainActor
    public struct AppKitRouterFactory: RouterFactory {
        /// What each tab shows, by tab name, for the tab routers this factory makes; a tab without a title shows its
        /// name.
        public var tabTitles: [String: String]

        /// Creates the factory.
        /// - Parameter tabTitles: What each tab shows, by tab name.
        public init(tabTitles: [String: String] = [:]) {
            self.tabTitles = tabTitles
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
