#if canImport(AppKit) && os(macOS)
    internal import AppKit
    public import ConductorCoordinators
    internal import ObjectiveC

    /// An ``AppKitTabViewController`` as a ``ConductorCoordinators/TabHost``: it makes a `TabRouter` whose tab
    /// routers are ``ConductorCoordinators/HostedNavigationRouter``s on one ``AppKitNavigationHost`` each, shows the
    /// selection the router makes in code, and reports the tab the user picks.
    ///
    /// | Conductor | AppKit |
    /// |---|---|
    /// | `TabRouter.tabNames` | one `NSTabViewItem` per tab, its `identifier` the tab's name, its `label` the title |
    /// | `tabs["items"]` | a `HostedNavigationRouter` on that tab's ``AppKitStackViewController`` |
    /// | `TabRouter.select(_:)` in code | ``showSelectedTab(_:at:)``: `selectedTabViewItemIndex`, not reported back |
    /// | the user picks a tab | `tabView(_:didSelect:)` → `TabRouter.platformDidSelect(_:)`: coordinators follow |
    ///
    /// Tabs are found by name, not by position, so an app that moves the tab view items still selects the right
    /// ones. Its tab view controller creates it and keeps it: get it from ``AppKitTabViewController/container``.
    @MainActor
    public final class AppKitTabContainer: TabHost {
        /// The tab view controller it drives. Held weakly: the tab view controller owns its container.
        public private(set) weak var tabViewController: AppKitTabViewController?
        /// The tab router it shows, made by ``makeTabs(name:tabs:titles:)``. Held weakly: its coordinator owns it.
        public private(set) weak var tabs: TabRouter?
        /// Set while the selection is changed in code, so that AppKit's callback is not reported back.
        private var isShowingSelection = false

        init(_ tabViewController: AppKitTabViewController) {
            self.tabViewController = tabViewController
        }

        /// Gives the tab view controller one tab per name — an ``AppKitStackViewController`` with its own router —
        /// and returns the `TabRouter` of those routers, with the first tab selected; call it once per tab view
        /// controller.
        ///
        /// The tab router keeps the tab view controller until something else owns it (it appears, is presented or is
        /// a parent's child), so tabs can be set up before they are shown. (A `TabRouter` holds its host weakly; the
        /// tab view controller owns this container.)
        ///
        /// Tab names are fixed by the app: `TabRouter` reports an empty or repeated list and keeps the first of each
        /// name.
        /// - Parameters:
        ///   - name: The tab router's name, in errors and logs.
        ///   - names: The tabs' names, in order: what coordinators and deep links select.
        ///   - titles: What each tab shows, by tab name; a tab without a title shows its name.
        /// - Returns: The tab router, whose ``ConductorCoordinators/TabRouter/host`` is this container.
        public func makeTabs(name: String = "tabs", tabs names: [String], titles: [String: String] = [:]) -> TabRouter {
            let tabs = TabRouter(name: name, tabs: names) { tab in
                AppKitStackViewController().makeRouter(name: tab)
            }
            tabs.host = self
            self.tabs = tabs
            guard let tabViewController else { return tabs }
            if !tabViewController.hasOwner { KeptUntilShown.keep(tabViewController, by: tabs) }
            isShowingSelection = true
            defer { isShowingSelection = false }
            for item in tabViewController.tabViewItems {
                tabViewController.removeTabViewItem(item)
            }
            for tab in tabs.tabNames {
                guard let router = tabs[tab], let controller = AppKitNavigationHost.viewController(for: router) else {
                    continue
                }
                let item = NSTabViewItem(viewController: controller)
                item.identifier = tab
                item.label = titles[tab] ?? tab
                tabViewController.addTabViewItem(item)
                (controller as? any HeldUntilOwned)?.ownerTookOver()
            }
            if let index = position(of: tabs.selectedTab) { tabViewController.selectedTabViewItemIndex = index }
            return tabs
        }

        // MARK: TabHost

        /// Selects `tab` in the tab view controller: the router selected it in code, so the change is not reported
        /// back.
        public func showSelectedTab(_ tab: String, at index: Int) {
            guard let tabViewController else { return }
            let target = position(of: tab) ?? index
            guard tabViewController.tabViewItems.indices.contains(target),
                tabViewController.selectedTabViewItemIndex != target
            else { return }
            isShowingSelection = true
            defer { isShowingSelection = false }
            tabViewController.selectedTabViewItemIndex = target
        }

        // MARK: What the user does

        /// The tab view selected `item`: unless the router asked for it, the router hears the user picked its tab.
        /// An item that is not one of the router's is reported to the selected tab's router's `onError` as
        /// ``ConductorCoordinators/NavigationError/noSuchTab(tab:container:tabs:)``.
        func platformDidSelect(_ item: NSTabViewItem?) {
            guard !isShowingSelection, let tabs, let item else { return }
            let tab = (item.identifier as? String) ?? item.label
            do throws(NavigationError) {
                try tabs.platformDidSelect(tab)
            } catch {
                tabs.selectedRouter.onError?(error)
            }
        }

        /// Where the item of `tab` is among the tab view items, found by its identifier.
        private func position(of tab: String) -> Int? {
            tabViewController?.tabViewItems.firstIndex { ($0.identifier as? String) == tab }
        }
    }

    /// A tab router's hold on its tab view controller until something else owns it (`HeldUntilOwned`): a `TabRouter`
    /// is Conductor's platform-neutral type, so the hold is an associated object on it. Before, nothing else holds
    /// tabs a factory made; after, what shows them does, and a lasting hold would close a cycle through any screen
    /// that holds its coordinator.
    @MainActor
    enum KeptUntilShown {
        /// Makes `owner` keep `controller` until ``release(_:)``.
        static func keep(_ controller: NSViewController, by owner: AnyObject) {
            objc_setAssociatedObject(owner, &keptKey, controller, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }

        /// `owner` stops keeping what it kept.
        static func release(_ owner: AnyObject) {
            objc_setAssociatedObject(owner, &keptKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    /// The key under which a tab router keeps its tab view controller until it is shown.
    @MainActor private var keptKey: UInt8 = 0
#endif
