#if canImport(SwiftUI)
    public import ConductorCoordinators
    public import SwiftUI

    /// The root of a window, driven by a window's router (``SwiftUIRouterFactory/makeWindow(name:)``): the router's
    /// one root fills it — a flow's stack as a ``RouterNavigationStack``, the tabs as a ``RouterTabView`` (a tab bar
    /// is a window's root, never inside a stack), a screen as `content` builds it.
    ///
    /// <!-- not compiled: SwiftUI, on Apple platforms only -->
    /// ```swift
    /// WindowGroup {
    ///     RouterRoot(router: app.window, tabTitles: ["items": "Items"]) { module in
    ///         ScreenView(module)          // a view for each of your modules
    ///     }
    /// }
    /// ```
    ///
    /// A new root is a new view, with state of its own: what a screen of the sign-in flow kept is not carried into
    /// the tabs.
    public struct RouterRoot<Content: View>: View {
        private let router: HostedNavigationRouter
        private let tabs: TabLabels
        private let content: (any Presentable) -> Content

        /// The root of a window over `router`, the window's router: the other parameters are
        /// ``RouterNavigationStack/init(router:tabTitles:tabImages:content:)``'s.
        public init(
            router: HostedNavigationRouter,
            tabTitles: [String: String] = [:],
            tabImages: [String: Image] = [:],
            @ViewBuilder content: @escaping (any Presentable) -> Content
        ) {
            self.router = router
            self.tabs = TabLabels(titles: tabTitles, images: tabImages)
            self.content = content
        }

        /// The root the router shows, or nothing before the first flow sets one.
        public var body: some View {
            if let root = router.stack.last {
                ModuleView(module: root, tabs: tabs, content: content).id(ModuleID(root))
            }
        }
    }
#endif
