#if canImport(UIKit) && !os(watchOS)
    public import ConductorCoordinators
    public import UIKit

    /// A `UITabBarController` of navigation controllers, one ``UIKitNavigationHost`` and router per tab, over a
    /// ``ConductorCoordinators/HeadlessTabRouter`` that holds the selection: a tab the user taps is reported with
    /// ``ConductorCoordinators/HeadlessTabRouter/platformDidSelect(_:)``, so coordinators follow
    /// (``ConductorCoordinators/HeadlessTabRouter/onSelect``).
    @MainActor
    public final class UIKitTabContainer: NSObject, UITabBarControllerDelegate {
        /// The tab bar controller it drives.
        public let tabBarController: UITabBarController
        /// The selection, by tab name.
        public let tabs: HeadlessTabRouter
        /// Each tab's router, by name: push and present through these.
        public private(set) var routers: [String: HostedNavigationRouter] = [:]
        private var hosts: [String: UIKitNavigationHost] = [:]

        /// Creates one navigation controller per tab, titled with its name.
        /// - Throws: ``ConductorCoordinators/NavigationError/noSuchTab(tab:container:tabs:)`` for an empty or repeated
        ///   list.
        public init(_ tabBarController: UITabBarController, tabs names: [String]) throws(NavigationError) {
            self.tabBarController = tabBarController
            self.tabs = try HeadlessTabRouter(name: "tabs", tabs: names)
            super.init()
            var controllers: [UINavigationController] = []
            for name in names {
                let navigation = UINavigationController()
                navigation.tabBarItem.title = name
                let host = UIKitNavigationHost(navigation)
                hosts[name] = host
                routers[name] = host.makeRouter(name: name)
                controllers.append(navigation)
            }
            tabBarController.setViewControllers(controllers, animated: false)
            tabBarController.delegate = self
        }

        /// Selects a tab in code; the tab bar follows.
        public func select(_ name: String) throws(NavigationError) {
            try tabs.select(name)
            if let index = tabs.tabNames.firstIndex(of: name) { tabBarController.selectedIndex = index }
        }

        /// The user tapped a tab.
        public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
        {
            guard let index = tabBarController.viewControllers?.firstIndex(of: viewController) else { return }
            do throws(NavigationError) {
                try tabs.platformDidSelect(tabs.tabNames[index])
            } catch {
                routers.values.first?.onError?(error)
            }
        }
    }
#endif
