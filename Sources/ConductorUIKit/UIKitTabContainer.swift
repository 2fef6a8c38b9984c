#if canImport(UIKit) && !os(watchOS)
    public import ConductorCoordinators
    internal import IssueReporting
    public import UIKit

    /// A `UITabBarController` of `UINavigationController`s as the host of a
    /// ``ConductorCoordinators/TabRouter``: one ``UIKitNavigationHost`` per tab, the selection kept in step both
    /// ways.
    ///
    /// <!-- not compiled: UIKit, on Apple platforms only -->
    /// ```swift
    /// let tabBar = UITabBarController()
    /// let tabs = UIKitTabContainer.makeTabs(on: tabBar, name: "main", tabs: ["items", "settings"],
    ///                                       titles: ["items": "Items", "settings": "Settings"])
    /// let main = MainCoordinator(tabs: tabs)              // a TabCoordinator, which keeps the router
    /// window.rootViewController = tabBar
    /// ```
    ///
    /// The router is the one tab router coordinators use: selecting a tab in code moves the tab bar,
    /// and the user's taps select in the router. Tabs are found by their navigation controller, not their index,
    /// so the user reordering them ("More" on a phone) keeps the mapping. The tab router keeps the container alive
    /// (its ``ConductorCoordinators/TabRouter/host``), and the container its tab bar controller; the container holds
    /// the router weakly, so nothing forms a cycle. Once something else owns the tab bar controller (the window whose
    /// root it is, a presentation), the container holds it, and the tabs' navigation controllers, weakly: what shows
    /// them keeps them, so a screen that holds its coordinator forms no cycle. A delegate the tab bar controller had
    /// still receives every call.
    @MainActor
    public final class UIKitTabContainer: NSObject, TabHost, UITabBarControllerDelegate {
        /// The tab bar controller this container drives: kept until something else owns it, then held weakly; `nil`
        /// once what showed it let it go.
        public private(set) weak var tabBarController: UITabBarController?
        /// The tab bar controller, until something else owns it.
        private var keptTabBarController: UITabBarController?
        /// The tab router this container shows, held weakly: the router keeps the container alive.
        public private(set) weak var tabs: TabRouter?
        /// The tab bar controller's delegate besides this container: UIKit's delegate calls reach it too.
        public var forwardingDelegate: (any UITabBarControllerDelegate)? {
            get { forwarding }
            set { forwarding = newValue }
        }
        // Unchecked isolation is sound: a weak reference's loads and stores are atomic in the Swift runtime, so
        // `responds(to:)` and `forwardingTarget(for:)` — nonisolated overrides that the Objective-C runtime may call
        // on any thread — read the old or the new delegate, never a torn value; it is written only on the main actor.
        private nonisolated(unsafe) weak var forwarding: (any UITabBarControllerDelegate)?
        /// Each tab's navigation controller, by tab: the tab bar controller keeps them.
        private var navigationControllers: [String: WeakNavigationController] = [:]

        /// A tab router shown by `tabBarController`: one navigation controller and host per tab, titled by `titles`
        /// (the tab's name when missing), and a container that becomes the tab bar controller's delegate. The router
        /// keeps the container alive (it is the router's ``ConductorCoordinators/TabRouter/host``).
        /// - Parameters:
        ///   - tabBarController: The tab bar controller to drive.
        ///   - name: The tab router's name.
        ///   - names: The tabs, in order; misuse (none, or a name twice) is reported by ``TabRouter``.
        ///   - titles: Each tab's title in the tab bar, by name.
        ///   - images: Each tab's image in the tab bar, by name.
        public static func makeTabs(
            on tabBarController: UITabBarController,
            name: String = "tabs",
            tabs names: [String],
            titles: [String: String] = [:],
            images: [String: UIImage] = [:]
        ) -> TabRouter {
            var controllers: [String: UINavigationController] = [:]
            let tabs = TabRouter(name: name, tabs: names) { tab in
                let navigation = UINavigationController()
                navigation.tabBarItem.title = titles[tab] ?? tab
                navigation.tabBarItem.image = images[tab]
                controllers[tab] = navigation
                return UIKitNavigationHost(navigation).makeRouter(name: tab)
            }
            let container = UIKitTabContainer(tabBarController, tabs: tabs, navigationControllers: controllers)
            tabs.host = container
            return tabs
        }

        private init(
            _ tabBarController: UITabBarController,
            tabs: TabRouter,
            navigationControllers: [String: UINavigationController]
        ) {
            self.tabBarController = tabBarController
            keptTabBarController = UIKitNavigationHost.isOwned(tabBarController) ? nil : tabBarController
            self.tabs = tabs
            self.navigationControllers = navigationControllers.mapValues { WeakNavigationController(controller: $0) }
            super.init()
            let controllers = tabs.tabNames.compactMap { navigationControllers[$0] }
            tabBarController.setViewControllers(controllers, animated: false)
            // The tab bar controller owns the tabs' stacks now: their hosts stop keeping them.
            for controller in controllers { UIKitNavigationHost.didGiveOwner(to: controller) }
            if let previous = tabBarController.delegate, previous !== self { forwardingDelegate = previous }
            tabBarController.delegate = self
            Self.containers = Self.containers.filter { $0.value.container != nil }
            Self.containers[ObjectIdentifier(tabBarController)] = WeakTabContainer(container: self)
        }

        /// The navigation controller of a tab.
        public func navigationController(for tab: String) -> UINavigationController? {
            navigationControllers[tab]?.controller
        }

        /// Stops keeping the tab bar controller once something else owns it (or, `owned`, when the caller just gave
        /// it an owner).
        func stopKeeping(owned: Bool = false) {
            guard let kept = keptTabBarController, owned || UIKitNavigationHost.isOwned(kept) else { return }
            keptTabBarController = nil
        }

        // MARK: TabHost

        /// Selects the tab's navigation controller (wherever the user moved it).
        public func showSelectedTab(_ tab: String, at index: Int) {
            checkDelegate()
            guard let controller = navigationControllers[tab]?.controller else { return }
            tabBarController?.selectedViewController = controller
        }

        // MARK: The drift check

        /// The containers by tab bar controller, held weakly: a tab's navigation host finds its container here even
        /// when the app replaced the tab bar controller's delegate.
        private static var containers: [ObjectIdentifier: WeakTabContainer] = [:]

        /// The container of `tabBarController`, if a container drives it.
        static func container(of tabBarController: UITabBarController?) -> UIKitTabContainer? {
            tabBarController.flatMap { containers[ObjectIdentifier($0)]?.container }
        }

        /// Checks that this container is still the tab bar controller's delegate — an app that set its own would cut
        /// the router off from the user's taps: the app's delegate becomes the ``forwardingDelegate`` (it keeps
        /// receiving every call), the container takes its place back, and the mistake is reported with its fix — and
        /// that the tab shown is the router's: a tab the user selected meanwhile is selected in the router.
        func checkDelegate() {
            guard let tabBarController else { return }
            if let current = tabBarController.delegate, current !== self {
                forwardingDelegate = current
                tabBarController.delegate = self
                reportIssue(
                    "The delegate of the tab bar controller of tab router '\(tabs?.name ?? "?")' was replaced by "
                        + "\(type(of: current)), which cut the router off from the user's tab taps. Conductor forwards "
                        + "every delegate call to it now; set UIKitTabContainer.forwardingDelegate instead.")
            } else if tabBarController.delegate == nil {
                tabBarController.delegate = self
            }
            let shown = tabBarController.selectedViewController
            guard let tabs, let tab = navigationControllers.first(where: { $0.value.controller === shown })?.key,
                tab != tabs.selectedTab
            else { return }
            do throws(NavigationError) {
                try tabs.platformDidSelect(tab)
            } catch {
                tabs.selectedRouter.onError?(error)
            }
        }

        // MARK: What the user does

        /// The user tapped a tab: the router follows, and its coordinator with it.
        public func tabBarController(
            _ tabBarController: UITabBarController, didSelect viewController: UIViewController
        ) {
            forwardingDelegate?.tabBarController?(tabBarController, didSelect: viewController)
            stopKeeping()  // on screen: something owns it
            let tab = navigationControllers.first { $0.value.controller === viewController }?.key
            guard let tabs, let tab else { return }
            do throws(NavigationError) {
                try tabs.platformDidSelect(tab)
            } catch {
                tabs.selectedRouter.onError?(error)
            }
        }

        /// Whether this container or its ``forwardingDelegate`` answers `aSelector`.
        public override func responds(to aSelector: Selector!) -> Bool {
            super.responds(to: aSelector) || (forwarding?.responds(to: aSelector) ?? false)
        }

        /// The ``forwardingDelegate`` for the delegate methods it implements and this object does not.
        public override func forwardingTarget(for aSelector: Selector!) -> Any? {
            if let forwarding, forwarding.responds(to: aSelector) { return forwarding }
            return super.forwardingTarget(for: aSelector)
        }
    }

    /// A tab container, held weakly.
    struct WeakTabContainer {
        weak var container: UIKitTabContainer?
    }

    /// A tab's navigation controller, which its tab bar controller keeps.
    struct WeakNavigationController {
        weak var controller: UINavigationController?
    }
#endif
