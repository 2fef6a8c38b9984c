#if canImport(UIKit) && !os(watchOS)
    public import ConductorCoordinators
    public import UIKit

    /// Makes routers on UIKit: a ``ConductorCoordinators/HostedNavigationRouter`` on a new `UINavigationController`
    /// (presented, it shows its stack modally), tab routers on a new `UITabBarController`, and the window's router on
    /// the window's root view controller (``UIKitWindowHost``) — so the same coordinators that run headless run on
    /// UIKit.
    @MainActor
    public struct UIKitRouterFactory: RouterFactory {
        /// The window whose router ``makeWindow(name:)`` makes: the scene's window.
        public weak var window: UIWindow?
        /// Each tab's title in tab bars, by tab name.
        public var tabTitles: [String: String]
        /// Each tab's image in tab bars, by tab name: `UIImage(systemName:)` for an SF Symbol, `UIImage(named:)` for
        /// the app's own.
        public var tabImages: [String: UIImage]

        /// Creates the factory of a scene's `window`.
        public init(window: UIWindow? = nil, tabTitles: [String: String] = [:], tabImages: [String: UIImage] = [:]) {
            self.window = window
            self.tabTitles = tabTitles
            self.tabImages = tabImages
        }

        /// A router on a new navigation controller.
        public func makeRouter(name: String) -> any NavigationRouter {
            UIKitNavigationHost(UINavigationController()).makeRouter(name: name)
        }

        /// The router of ``window``: its one root is the window's root view controller. Without a window, give the
        /// host one later (``UIKitWindowHost/window``).
        public func makeWindow(name: String) -> HostedNavigationRouter {
            UIKitWindowHost(window).makeRouter(name: name)
        }

        /// A tab router on a new tab bar controller.
        public func makeTabs(name: String, tabs: [String]) -> TabRouter {
            UIKitTabContainer.makeTabs(
                on: UITabBarController(), name: name, tabs: tabs, titles: tabTitles, images: tabImages)
        }
    }
#endif
