#if canImport(SwiftUI)
    public import ConductorCoordinators
    public import SwiftUI

    /// A coordinator tree shown at one place, for a `#Preview`, a snapshot test or a bug report's "open exactly here":
    /// the root is started, then brought to a saved ``ConductorCoordinators/NavigationTree`` or opened at a link, and
    /// its router shown as a ``RouterNavigationStack``.
    ///
    /// <!-- not compiled: SwiftUI, on Apple platforms only -->
    /// ```swift
    /// #Preview("Item 3") {
    ///     CoordinatorPreview(at: .link(AppLink.item(3))) {
    ///         let router = HostedNavigationRouter(name: "main")   // shown by the preview's RouterNavigationStack
    ///         return (AppCoordinator(router: router, routers: SwiftUIRouterFactory()), router)
    ///     } content: { module in
    ///         ScreenView(module)
    ///     }
    /// }
    /// ```
    ///
    /// The app is built once, when the preview appears, and kept for as long as the view lives.
    public struct CoordinatorPreview<Content: View>: View {
        @State private var app: PreviewedApp
        private let content: (any Presentable) -> Content

        /// A preview of the tree `make` builds, brought to `place`, with `content` building each module's view.
        /// - Parameters:
        ///   - place: Where the app shows: its start, a saved tree, or a link.
        ///   - make: Builds the root coordinator and the router it shows its flows on.
        ///   - content: Builds the view of each module.
        public init(
            at place: PreviewedApp.Place = .start,
            make: @escaping @MainActor () -> (root: BaseCoordinator, router: HostedNavigationRouter),
            @ViewBuilder content: @escaping (any Presentable) -> Content
        ) {
            _app = State(initialValue: PreviewedApp(place: place, make: make))
            self.content = content
        }

        /// The root's router, at the place.
        public var body: some View {
            RouterNavigationStack(router: app.router, content: content)
        }
    }

    /// The app a ``CoordinatorPreview`` shows: its root, kept alive, and the report of bringing it to its place.
    @MainActor
    public final class PreviewedApp {
        /// Where a previewed app shows.
        public enum Place {
            /// Where its root starts.
            case start
            /// A saved tree: what ``ConductorCoordinators/NavigationTree/restore(into:)`` brings it to.
            case tree(NavigationTree)
            /// A deep link, opened as the root starts (``ConductorCoordinators/BaseCoordinator/run(with:)``).
            case link(any DeepLink)
        }

        /// The root coordinator, kept alive by the preview.
        public let root: BaseCoordinator
        /// The router the root shows its flows on.
        public let router: HostedNavigationRouter
        /// What could not be restored, for a tree.
        public private(set) var report = RestorationReport()

        init(place: Place, make: @MainActor () -> (root: BaseCoordinator, router: HostedNavigationRouter)) {
            (root, router) = make()
            switch place {
            case .start: root.run()
            case .tree(let tree): report = root.run(restoring: tree)
            case .link(let link): root.run(with: link)
            }
        }
    }
#endif
