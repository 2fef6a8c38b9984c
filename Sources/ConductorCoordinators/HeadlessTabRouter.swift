public import Observation

/// A tab container that keeps everything in memory: one navigation stack per tab and the selected tab, as a
/// `UITabBarController` of navigation controllers does. For tests, and for front ends without UIKit.
///
/// ```swift
/// let tabs = try HeadlessTabRouter(name: "main", tabs: ["items", "settings"])
/// try tabs["items"]?.setRoot(ItemsScreen(), hideBar: false)
/// try tabs.select("settings")       // the items stack is kept as it is
/// print(tabs)                       // main: items | [settings]
/// ```
///
/// Switching tabs never changes a stack: each tab's router keeps its modules (and their push completions) until
/// its own coordinator changes them.
@MainActor
@Observable
public final class HeadlessTabRouter: Presentable, @MainActor CustomStringConvertible {
    /// The container's name, used in errors and its printout.
    public let name: String
    /// The tabs' names, in order.
    public let tabNames: [String]
    /// Each tab's navigation stack, by tab name.
    public let tabs: [String: HeadlessNavigationRouter]
    /// The selected tab's name.
    public private(set) var selectedTab: String
    /// Called after the selected tab changes, by ``select(_:)`` or by the user (``platformDidSelect(_:)``): a
    /// coordinator updates its ``BaseCoordinator/activeChild`` here.
    @ObservationIgnored public var onSelect: (@MainActor (String) -> Void)?

    /// Creates a container with one empty stack per tab, the first selected.
    /// - Throws: ``NavigationError/noSuchTab(tab:container:tabs:)`` when `tabs` is empty or names a tab twice.
    public init(name: String = "tabs", tabs names: [String]) throws(NavigationError) {
        guard let first = names.first, Set(names).count == names.count else {
            throw .noSuchTab(tab: names.first ?? "(none)", container: name, tabs: names)
        }
        self.name = name
        self.tabNames = names
        self.tabs = Dictionary(uniqueKeysWithValues: names.map { ($0, HeadlessNavigationRouter(name: $0)) })
        self.selectedTab = first
    }

    /// The stack of a tab, by name.
    public subscript(tab: String) -> HeadlessNavigationRouter? { tabs[tab] }

    /// The selected tab's stack.
    public var selectedRouter: HeadlessNavigationRouter {
        // Sound: `selectedTab` is always one of `tabNames`, each of which has a router.
        tabs[selectedTab] ?? HeadlessNavigationRouter(name: selectedTab)
    }

    /// Selects a tab, keeping every stack as it is.
    /// - Throws: ``NavigationError/noSuchTab(tab:container:tabs:)``.
    public func select(_ tab: String) throws(NavigationError) {
        guard tabs[tab] != nil else { throw .noSuchTab(tab: tab, container: name, tabs: tabNames) }
        guard tab != selectedTab else { return }
        selectedTab = tab
        onSelect?(tab)
    }

    /// The user selected a tab on the platform (a `UITabBarController` delegate, a SwiftUI `TabView` selection):
    /// the container follows, and ``onSelect`` tells the coordinators. The stacks are kept as they are.
    /// - Throws: ``NavigationError/noSuchTab(tab:container:tabs:)``.
    public func platformDidSelect(_ tab: String) throws(NavigationError) { try select(tab) }

    /// The container's name.
    public var moduleName: String { name }

    /// The tabs, the selected one in brackets: `main: items | [settings]`.
    public var description: String {
        "\(name): " + tabNames.map { $0 == selectedTab ? "[\($0)]" : $0 }.joined(separator: " | ")
    }
}
