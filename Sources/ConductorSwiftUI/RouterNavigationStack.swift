#if canImport(SwiftUI)
    public import ConductorCoordinators
    public import SwiftUI

    /// A `NavigationStack` and a `.sheet` driven by a ``ConductorCoordinators/HostedNavigationRouter`` over a
    /// ``ConductorCoordinators/DeclarativeNavigationHost``: coordinators push, pop and present through the router;
    /// the views follow by observation; and what the user does — back, swipe-back, a sheet dragged down — flows back
    /// into the router, which runs the completions and keeps the coordinators in step.
    ///
    /// ```swift
    /// RouterNavigationStack(router: items.router) {
    ///     ItemsList(store: store)
    /// } destination: { module in
    ///     if let detail = module as? ItemDetailModule { ItemDetail(item: detail.item) }
    /// }
    /// ```
    ///
    /// One sheet at a time is shown: SwiftUI presents one `.sheet` per view.
    public struct RouterNavigationStack<Root: View, Destination: View>: View {
        private let router: HostedNavigationRouter
        private let root: Root
        private let destination: (any Presentable) -> Destination

        /// Creates a stack over `router`, showing `root` at its bottom and `destination(module)` for each module
        /// pushed or presented.
        public init(
            router: HostedNavigationRouter,
            @ViewBuilder root: () -> Root,
            @ViewBuilder destination: @escaping (any Presentable) -> Destination
        ) {
            self.router = router
            self.root = root()
            self.destination = destination
        }

        /// The stack and its sheet.
        public var body: some View {
            let router = router
            // SwiftUI reads and writes bindings on the main actor, where the router lives.
            NavigationStack(
                path: Binding(
                    get: { MainActor.assumeIsolated { router.path } },
                    set: { path in
                        MainActor.assumeIsolated {
                            do throws(NavigationError) {
                                try router.hostDidSetPath(path)
                            } catch {
                                router.onError?(error)
                            }
                        }
                    })
            ) {
                root.navigationDestination(for: ModuleID.self) { id in
                    if let module = router.module(for: id) { destination(module) }
                }
            }
            .sheet(
                item: Binding(
                    get: { MainActor.assumeIsolated { router.presentedID } },
                    // SwiftUI sets nil when the user dismisses the sheet; after a dismissal by the router the
                    // router has no sheet left and this does nothing.
                    set: { id in MainActor.assumeIsolated { if id == nil { router.hostDidDismissSheet() } } })
            ) { id in
                if let module = router.module(for: id) { destination(module) }
            }
        }
    }
#endif
