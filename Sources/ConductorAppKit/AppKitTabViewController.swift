#if canImport(AppKit) && os(macOS)
    public import AppKit
    public import ConductorCoordinators

    /// An `NSTabViewController` whose tabs are a `TabRouter`'s: one ``AppKitStackViewController`` per tab, and the
    /// user's choice of tab reported to the router. It is an `NSTabViewController` in every other way — set its
    /// `tabStyle` (a segmented control, the window's toolbar) as usual.
    ///
    /// <!-- not compiled: AppKit, on Apple platforms only -->
    /// ```swift
    /// let tabViewController = AppKitTabViewController()
    /// window.contentViewController = tabViewController
    /// let tabs = tabViewController.makeTabs(name: "main", tabs: ["items", "settings"], titles: ["items": "Items"])
    /// ```
    ///
    /// A subclass, because an `NSTabViewController` is its tab view's delegate and learns of the user's choice only
    /// through `tabView(_:didSelect:)`, which it lets subclasses override.
    @MainActor
    public final class AppKitTabViewController: NSTabViewController, HeldUntilOwned {
        /// The tab host that reports the user's choice of tab; created with the tab view controller, which keeps it as
        /// long as it lives.
        public private(set) lazy var container: AppKitTabContainer = AppKitTabContainer(self)

        /// Creates a tab view controller without tabs: ``makeTabs(name:tabs:titles:)`` gives it its tabs.
        public init() {
            super.init(nibName: nil, bundle: nil)
        }

        /// Not supported: create tab view controllers in code.
        public required init?(coder: NSCoder) { nil }

        /// Gives this tab view controller one tab per name and returns the `TabRouter` that drives them: see
        /// ``AppKitTabContainer/makeTabs(name:tabs:titles:)``.
        public func makeTabs(name: String = "tabs", tabs names: [String], titles: [String: String] = [:]) -> TabRouter {
            container.makeTabs(name: name, tabs: names, titles: titles)
        }

        /// The tab view controller is about to appear: what shows it — a window, a presenting view controller, a
        /// parent — keeps it from now on, so its tab router stops keeping it.
        public override func viewWillAppear() {
            super.viewWillAppear()
            ownerTookOver()
        }

        /// Something else owns this tab view controller now: its tab router stops keeping it.
        func ownerTookOver() {
            if let tabs = container.tabs { KeptUntilShown.release(tabs) }
        }

        /// Tells the ``container`` which tab is selected, after `NSTabViewController` has shown it.
        public override func tabView(_ tabView: NSTabView, didSelect tabViewItem: NSTabViewItem?) {
            super.tabView(tabView, didSelect: tabViewItem)
            container.platformDidSelect(tabViewItem)
        }
    }
#endif
