#if canImport(SwiftUI)
    public import ConductorCoordinators
    internal import IssueReporting
    public import SwiftUI

    /// A `NavigationStack` and a sheet driven by a ``ConductorCoordinators/HostedNavigationRouter``: the router's
    /// root and pushed modules are the stack, its last presented module the sheet. The user's back swipes and sheet
    /// dismissals go back to the router, so coordinators see them.
    ///
    /// <!-- not compiled: SwiftUI, on Apple platforms only -->
    /// ```swift
    /// RouterNavigationStack(router: router) { module in
    ///     ScreenView(module)          // a view for each of your modules
    /// }
    /// ```
    ///
    /// `content` builds the view of every module the router shows, its root included. A presented router (a flow
    /// with a stack of its own) is shown as a nested `RouterNavigationStack`, and a ``ConductorCoordinators/TabRouter``
    /// as a ``RouterTabView``, both with the same `content` (the tab view titled by `tabTitles`, with `tabImages`).
    /// Make the routers with ``SwiftUIRouterFactory``.
    public struct RouterNavigationStack<Content: View>: View {
        private let router: HostedNavigationRouter
        private let tabs: TabLabels
        private let content: (any Presentable) -> Content

        /// A navigation stack over `router`, with `content` building each module's view.
        /// - Parameters:
        ///   - router: The router shown.
        ///   - tabTitles: The titles of the tabs of a tab container the stack shows, by tab name.
        ///   - tabImages: Their images, by tab name.
        ///   - content: Builds each module's view.
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

        /// The stack and the sheets.
        public var body: some View {
            let router = router
            // SwiftUI calls bindings on the main actor, where the router lives. (Main-actor closures would say so
            // statically, but the Swift 6.3 compiler crashes generating their `@isolated(any)` thunks here.)
            NavigationStack(
                path: Binding(
                    get: { MainActor.assumeIsolated { router.path } },
                    set: { path in
                        MainActor.assumeIsolated {
                            do throws(NavigationError) {
                                try router.hostDidSetPath(path)
                            } catch {
                                // The drift check: SwiftUI showed a stack the router does not hold. The router's is
                                // shown again; the cause is nearly always a link that went around the flow.
                                reportIssue(
                                    "SwiftUI showed a path router '\(router.name)' does not hold (\(error)): a "
                                        + "NavigationLink(value:) or a path written outside the flow. Push through "
                                        + "the flow (FlowLink, or the flow's push); the router's stack is shown again.")
                                router.onError?(error)
                            }
                        }
                    })
            ) {
                Group {
                    if let root = router.stack.first {
                        // The root's identity: a new root is a new view, with state of its own.
                        ModuleView(module: root, tabs: tabs, content: content).id(ModuleID(root))
                    }
                }
                .modifier(BarVisibility(router: router, module: router.stack.first, isRoot: true))
                .navigationDestination(for: ModuleID.self) { id in
                    if let module = router.module(for: id) {
                        ModuleView(module: module, tabs: tabs, content: content)
                            .modifier(BarVisibility(router: router, module: module, isRoot: false))
                    }
                }
            }
            .modifier(PresentedSheet(router: router, level: 0, tabs: tabs, content: content))
        }
    }

    /// The sheet of one level of a router's presented modules, and — inside it — the sheet of the next: a chain of
    /// presented modules shows as a chain of sheets, as SwiftUI shows one sheet per `sheet(item:)`.
    struct PresentedSheet<Content: View>: ViewModifier {
        let router: HostedNavigationRouter
        let level: Int
        let tabs: TabLabels
        let content: (any Presentable) -> Content

        func body(content view: Self.Content) -> some View {
            let router = router
            let level = level
            view.sheet(
                item: Binding(
                    get: { MainActor.assumeIsolated { router.presentedID(level: level) } },
                    // SwiftUI sets nil when the user dismisses the sheet; after a dismissal by the router the
                    // router has no sheet at this level and this does nothing.
                    set: { id in
                        MainActor.assumeIsolated { if id == nil { router.hostDidDismissSheet(level: level) } }
                    })
            ) { id in
                if let module = router.module(for: id) {
                    AnyView(
                        ModuleView(module: module, tabs: tabs, content: content)
                            .modifier(PresentedSheet(router: router, level: level + 1, tabs: tabs, content: content))
                            // The present's completion runs once the sheet is on screen.
                            .onAppear { (router.host as? DeclarativeNavigationHost)?.sheetDidAppear(module) }
                    )
                }
            }
        }
    }

    /// The navigation bar hidden on the root as the router's last new root asked (`setRoot(_:hideBar:)`), and the
    /// tab bar hidden over a module pushed with `hidesBottomBar`, as UIKit's hosts do.
    struct BarVisibility: ViewModifier {
        let router: HostedNavigationRouter
        let module: (any Presentable)?
        let isRoot: Bool

        func body(content: Content) -> some View {
            #if os(iOS)
                let hidesBar = isRoot && router.hidesNavigationBar
                let hidesTabs =
                    module.map { (router.host as? DeclarativeNavigationHost)?.hidesBottomBar($0) ?? false } ?? false
                content
                    .toolbar(hidesBar ? .hidden : .automatic, for: .navigationBar)
                    .toolbar(hidesTabs ? .hidden : .automatic, for: .tabBar)
            #else
                content
            #endif
        }
    }

    /// The view of one module: a nested stack for a router, tabs for a tab router, `content` for anything else.
    struct ModuleView<Content: View>: View {
        let module: any Presentable
        let tabs: TabLabels
        let content: (any Presentable) -> Content

        var body: some View {
            // The nested containers are type-erased: a stack that contains itself would be an infinite type.
            if let router = module as? HostedNavigationRouter {
                AnyView(
                    RouterNavigationStack(
                        router: router, tabTitles: tabs.titles, tabImages: tabs.images, content: content))
            } else if let container = module as? TabRouter {
                AnyView(RouterTabView(tabs: container, titles: tabs.titles, images: tabs.images, content: content))
            } else {
                content(module)
            }
        }
    }
    /// The titles and images of the tabs a stack may show.
    struct TabLabels {
        let titles: [String: String]
        let images: [String: Image]
    }
#endif
