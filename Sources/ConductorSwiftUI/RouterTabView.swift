#if canImport(SwiftUI)
    public import ConductorCoordinators
    internal import IssueReporting
    public import SwiftUI

    /// A `TabView` of ``RouterNavigationStack``s driven by a ``ConductorCoordinators/TabRouter``: the router's
    /// selection is the tab view's, both ways — a tab selected in code (a command, a deep link) shows, and a tab the
    /// user taps is selected in the router, so a ``ConductorCoordinators/TabCoordinator`` follows.
    ///
    /// <!-- not compiled: SwiftUI, on Apple platforms only -->
    /// ```swift
    /// RouterTabView(tabs: main.tabs, titles: ["items": "Items", "settings": "Settings"]) { module in
    ///     ScreenView(module)
    /// }
    /// ```
    ///
    /// Each tab's router must be a ``ConductorCoordinators/HostedNavigationRouter`` (``SwiftUIRouterFactory`` makes
    /// them); a tab whose router is not shows why, and the mistake is reported (`reportIssue`) when it appears.
    public struct RouterTabView<Content: View>: View {
        private let tabs: TabRouter
        private let titles: [String: String]
        private let images: [String: Image]
        private let content: (any Presentable) -> Content

        /// A tab view over `tabs`, titled by `titles` (a tab's name when missing) with `images` beside the titles,
        /// with `content` building each module's view.
        ///
        /// <!-- not compiled: SwiftUI, on Apple platforms only -->
        /// ```swift
        /// let images = ["items": Image(systemName: "list.bullet")]
        /// RouterTabView(tabs: main.tabs, titles: ["items": "Items"], images: images) { ScreenView($0) }
        /// ```
        public init(
            tabs: TabRouter,
            titles: [String: String] = [:],
            images: [String: Image] = [:],
            @ViewBuilder content: @escaping (any Presentable) -> Content
        ) {
            self.tabs = tabs
            self.titles = titles
            self.images = images
            self.content = content
        }

        /// The tabs.
        public var body: some View {
            let tabs = tabs
            TabView(
                selection: Binding(
                    // SwiftUI calls bindings on the main actor, where the router lives.
                    get: { MainActor.assumeIsolated { tabs.selectedTab } },
                    set: { tab in
                        MainActor.assumeIsolated {
                            do throws(NavigationError) {
                                try tabs.platformDidSelect(tab)
                            } catch {
                                tabs.selectedRouter.onError?(error)
                            }
                        }
                    })
            ) {
                ForEach(tabs.tabNames, id: \.self) { tab in
                    Group {
                        if let router = tabs[tab] as? HostedNavigationRouter {
                            RouterNavigationStack(router: router, content: content)
                        } else {
                            // Kept as a tab that says why, never left out: a selection with no tab shows nothing.
                            let problem =
                                "Tab '\(tab)' cannot show: its router is not a HostedNavigationRouter. Make the tabs "
                                + "with SwiftUIRouterFactory."
                            Text(problem).padding().onAppear { reportIssue(problem) }
                        }
                    }
                    .tabItem {
                        if let image = images[tab] {
                            Label {
                                Text(titles[tab] ?? tab)
                            } icon: {
                                image
                            }
                        } else {
                            Text(titles[tab] ?? tab)
                        }
                    }
                    .tag(tab)
                }
            }
        }
    }
#endif
