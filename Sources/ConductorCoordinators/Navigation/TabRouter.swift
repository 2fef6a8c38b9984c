internal import ConductorRecording
internal import IssueReporting
public import Observation

/// A tab container: one navigation router per tab and the selected tab, as a `UITabBarController` of navigation
/// controllers or a SwiftUI `TabView` of navigation stacks.
///
/// ```swift
/// let tabs = TabRouter(name: "main", tabs: ["items", "settings"])   // in memory: headless routers
/// try tabs["items"]?.setRoot(ItemsScreen(), hideBar: false)
/// try tabs.select("settings")       // the items stack is kept as it is
/// print(tabs)                       // main: items | [settings]
/// ```
///
/// The same container runs headless (tests, the terminal), on UIKit (``TabHost`` is `UIKitTabContainer`) and on
/// SwiftUI (`RouterTabView` observes it): a ``RouterFactory`` makes the one a front end needs, so coordinators never
/// know which. A ``TabCoordinator`` owns one and gives each tab a flow.
///
/// Switching tabs never changes a stack: each tab's router keeps its modules (and their push completions) until its
/// own coordinator changes them.
@preconcurrency @MainActor
@Observable
public final class TabRouter: Presentable, @MainActor CustomStringConvertible {
    /// The container's name, used in errors and its printout.
    public let name: String
    /// The tabs' names, in order.
    public let tabNames: [String]
    /// Each tab's navigation router, by tab name.
    @ObservationIgnored package let routers: [String: any NavigationRouter]
    /// The selected tab's name.
    public private(set) var selectedTab: String
    /// Called after the selected tab changes, by ``select(_:)`` or by the user (``platformDidSelect(_:)``). A
    /// ``TabCoordinator`` sets it to follow the selection with its active child.
    @ObservationIgnored package var onSelect: (@MainActor (String) -> Void)?
    /// The platform container that shows the tabs, told when the selection changes in code. The router keeps it
    /// alive, as a ``HostedNavigationRouter`` keeps its host; hosts hold their router weakly, so there is no cycle.
    @ObservationIgnored public var host: (any TabHost)?

    /// Creates a container with one router per tab, the first tab selected.
    ///
    /// The tab names are fixed by the app, so an empty list or a repeated name is a programming error: it is
    /// reported (a runtime warning in the app, a failure in tests) and the container keeps the first of each name,
    /// or a single tab named `main` when there is none.
    /// - Parameters:
    ///   - name: The container's name.
    ///   - names: The tabs, in order.
    ///   - makeRouter: Makes each tab's router from its name; in-memory routers by default.
    public init(
        name: String = "tabs",
        tabs names: [String],
        router makeRouter: (String) -> any NavigationRouter = { HeadlessNavigationRouter(name: $0) }
    ) {
        var unique: [String] = []
        for tab in names where !unique.contains(tab) { unique.append(tab) }
        if unique.isEmpty {
            reportIssue("TabRouter '\(name)' was given no tabs: give it at least one tab name.")
            unique = ["main"]
        } else if unique.count != names.count {
            reportIssue(
                "TabRouter '\(name)' was given a tab name twice (\(names)): give each tab its own name; the repeats "
                    + "are left out.")
        }
        self.name = name
        self.tabNames = unique
        self.routers = Dictionary(uniqueKeysWithValues: unique.map { ($0, makeRouter($0)) })
        self.selectedTab = unique[0]
    }

    /// The router of a tab, by name.
    public subscript(tab: String) -> (any NavigationRouter)? { routers[tab] }

    /// The selected tab's router.
    public var selectedRouter: any NavigationRouter {
        // `selectedTab` is always one of `tabNames`, each of which has a router.
        routers[selectedTab] ?? HeadlessNavigationRouter(name: selectedTab)
    }

    /// Selects a tab in code (a command, a deep link): the platform's container shows it, and `onSelect` is
    /// told. Every stack is kept as it is.
    /// - Throws: ``NavigationError/noSuchTab(tab:container:tabs:)`` when there is no such tab: names often come
    ///   from input (a typed command, a link).
    public func select(_ tab: String) throws(NavigationError) {
        guard let index = tabNames.firstIndex(of: tab) else {
            throw .noSuchTab(tab: tab, container: name, tabs: tabNames)
        }
        guard tab != selectedTab else { return }
        selectedTab = tab
        host?.showSelectedTab(tab, at: index)
        onSelect?(tab)
    }

    /// The user selected a tab on the platform (a `UITabBarController` delegate, a SwiftUI `TabView` selection):
    /// the container follows without telling the host back, and ``onSelect`` tells the coordinators.
    /// - Throws: ``NavigationError/noSuchTab(tab:container:tabs:)``.
    package func platformDidSelect(_ tab: String) throws(NavigationError) {
        guard tabNames.contains(tab) else { throw .noSuchTab(tab: tab, container: name, tabs: tabNames) }
        guard tab != selectedTab else { return }
        Causes.run(.platform, "tab \(tab)") {
            selectedTab = tab
            onSelect?(tab)
        }
    }

    /// The container's name.
    public var moduleName: String { name }

    /// The tabs, the selected one in brackets: `main: items | [settings]`.
    public var description: String {
        "\(name): " + tabNames.map { $0 == selectedTab ? "[\($0)]" : $0 }.joined(separator: " | ")
    }
}
