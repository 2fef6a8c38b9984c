public import ConductorActions
internal import IssueReporting

/// A coordinator of tabs: it owns a ``TabRouter`` and one flow per tab, keeps the selected tab's flow as its
/// ``BaseCoordinator/activeChild`` (so that flow leads the responder chain and is offered deep links first), and
/// selects the tab of a flow that takes a deep link — XCoordinator's `TabBarCoordinator`, for any front end.
///
/// ```swift
/// final class MainCoordinator: TabCoordinator<Void> {
///     init(routers: any RouterFactory) {
///         super.init(tabs: routers.makeTabs(name: "main", tabs: ["items", "settings"]))
///     }
///
///     override func start() {
///         startTab("items", ItemsCoordinator(router: tabs["items"]!))
///         startTab("settings", SettingsCoordinator(router: tabs["settings"]!))
///     }
/// }
/// ```
///
/// The selection can change in code (`tabs.select(_:)`, a command), by a deep link, or by the user on the platform
/// (`TabRouter.platformDidSelect(_:)`); each way ends in ``didSelect(tab:)``.
@preconcurrency @MainActor
open class TabCoordinator<Output>: FlowCoordinator<Output> {
    /// The tab container; show it with `setRoot` or `present` on a parent's router.
    public let tabs: TabRouter

    /// The tab shown: what ``NavigationTree`` saves.
    override package var selectedTabName: String? { tabs.selectedTab }
    /// The flow of each tab that has one, by tab name.
    package private(set) var tabFlows: [String: BaseCoordinator] = [:]

    /// Creates the coordinator of `tabs`.
    /// - Parameters:
    ///   - tabs: The container, usually from a ``RouterFactory``.
    ///   - actionRouter: The router of the coordinator's dispatcher; `nil` for one that does not route.
    public init(tabs: TabRouter, actionRouter: ActionRouter? = .shared) {
        self.tabs = tabs
        super.init(actionRouter: actionRouter)
        tabs.onSelect = { [weak self] tab in self?.tabSelected(tab) }
    }

    /// Starts `flow` as the flow of `tab`: it becomes a child, and the active child when its tab is selected.
    ///
    /// A tab that does not exist or already has a flow is a programming error: it is reported and the flow is not
    /// started.
    /// - Parameters:
    ///   - tab: One of ``TabRouter/tabNames``.
    ///   - flow: The tab's flow, typically built on `tabs[tab]`.
    ///   - deepLink: A link to start the flow at.
    ///   - onFinish: Called with the flow's output when it finishes; the tab then has no flow.
    public func startTab<FlowOutput>(
        _ tab: String,
        _ flow: FlowCoordinator<FlowOutput>,
        with deepLink: (any DeepLink)? = nil,
        onFinish: @escaping @MainActor (FlowOutput) -> Void = { _ in }
    ) {
        guard tabs.tabNames.contains(tab) else {
            return reportIssue(
                "\(name) started a flow for tab '\(tab)', which \(tabs.name) does not have (its tabs: "
                    + "\(tabs.tabNames.joined(separator: ", "))): start it for one of them.")
        }
        guard tabFlows[tab] == nil else {
            return reportIssue("\(name) started a second flow for tab '\(tab)': finish the first one before.")
        }
        // The tab is the flow's before it starts: a link the flow takes while it starts (a kept link, offered when
        // the active path changes) selects the flow's tab.
        tabFlows[tab] = flow
        if tab == tabs.selectedTab { activeChild = flow }
        let started = startChild(flow, with: deepLink) { [weak self] output in
            self?.tabFlows[tab] = nil
            onFinish(output)
        }
        if !started {
            if tabFlows[tab] === flow { tabFlows[tab] = nil }
            if activeChild === flow { activeChild = nil }
        }
    }

    /// The tab whose flow is `child`, if any.
    public func tab(of child: BaseCoordinator) -> String? {
        tabFlows.first { $0.value === child }?.key
    }

    /// A flow in a hidden tab took a deep link: its tab is selected, so the user sees what the link opened.
    open override func childDidTake(_ deepLink: any DeepLink, child: BaseCoordinator) {
        guard let tab = tab(of: child) else { return }
        do throws(NavigationError) { try tabs.select(tab) } catch {
            // `tab` came from `tabFlows`, whose keys are all tabs of the container.
            reportIssue(error.description)
        }
    }

    /// Called after the selected tab changed, whoever changed it; the tab's flow is already the active child.
    /// Override it to react (the default does nothing).
    open func didSelect(tab: String) {}

    private func tabSelected(_ tab: String) {
        activeChild = tabFlows[tab]
        didSelect(tab: tab)
        activePathDidChange()
    }
}
