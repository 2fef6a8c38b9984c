#if canImport(SwiftUI)
    public import ConductorCoordinators
    internal import IssueReporting
    public import SwiftUI

    /// A coordinator tree shown at one place, for a `#Preview`, a snapshot test or a bug report's "open exactly here":
    /// the root is started, then brought to a saved ``ConductorCoordinators/NavigationTree`` or opened at a link, and
    /// its router shown — a window's router as a ``RouterRoot``, a stack as a ``RouterNavigationStack``.
    ///
    /// <!-- not compiled: SwiftUI, on Apple platforms only -->
    /// ```swift
    /// #Preview("Item 3") {
    ///     CoordinatorPreview(at: .link(AppLink.item(3))) {
    ///         let routers = SwiftUIRouterFactory()
    ///         let window = routers.makeWindow(name: "window")     // shown by the preview's RouterRoot
    ///         return (AppCoordinator(window: window, routers: routers), window)
    ///     } content: { module in
    ///         ScreenView(module)
    ///     }
    /// }
    /// ```
    ///
    /// The app is built once, the first time the preview's body is asked for, and kept for as long as the view
    /// lives: SwiftUI makes the view's struct many times, and none of those builds a tree. One flow, or one screen,
    /// can be shown on its own with ``init(flow:at:content:)`` and ``init(screen:content:)``.
    public struct CoordinatorPreview<Content: View>: View {
        @State private var app = LazyPreviewedApp()
        private let make: @MainActor () -> PreviewedApp
        private let content: (any Presentable) -> Content

        /// A preview of the tree `make` builds, brought to `place`, with `content` building each module's view.
        /// - Parameters:
        ///   - place: Where the app shows: its start, a saved tree, or a link.
        ///   - make: Builds the root coordinator and the router it shows its flows on: the window's, or a stack.
        ///   - content: Builds the view of each module.
        public init(
            at place: PreviewedApp.Place = .start,
            make: @escaping @MainActor () -> (root: BaseCoordinator, router: HostedNavigationRouter),
            @ViewBuilder content: @escaping (any Presentable) -> Content
        ) {
            self.make = { PreviewedApp(place: place, make: make) }
            self.content = content
        }

        /// A preview of one flow on its own, started and brought to `state` (its start when `nil`). The flow shows
        /// its destinations on a ``ConductorCoordinators/HostedNavigationRouter`` (a
        /// ``ConductorCoordinators/HeadlessNavigationRouter`` works: the preview shows it).
        /// - Parameters:
        ///   - flow: Builds the flow.
        ///   - state: Where the flow shows.
        ///   - content: Builds the view of each module.
        public init<Flow: NavigatingFlow>(
            flow: @escaping @MainActor () -> Flow,
            at state: NavigationState<Flow.Destination>? = nil,
            @ViewBuilder content: @escaping (any Presentable) -> Content
        ) {
            self.make = {
                let made = flow()
                let router =
                    made.navigation.router as? HostedNavigationRouter ?? HostedNavigationRouter(name: "preview")
                return PreviewedApp(
                    place: .start, make: { (made, router) },
                    then: {
                        guard let state else { return }
                        do { try made.navigate(to: state) } catch {
                            reportIssue("CoordinatorPreview could not bring the flow to \(state): \(error)")
                        }
                    })
            }
            self.content = content
        }

        /// A preview of one screen on its own, as the root of a router of its own.
        /// - Parameters:
        ///   - screen: Builds the screen's module.
        ///   - content: Builds its view.
        public init(
            screen: @escaping @MainActor () -> any Presentable,
            @ViewBuilder content: @escaping (any Presentable) -> Content
        ) {
            self.make = {
                let router = HostedNavigationRouter(name: "preview")
                do { try router.setRoot(screen(), hideBar: false) } catch {
                    reportIssue("CoordinatorPreview could not show the screen: \(error)")
                }
                return PreviewedApp(place: .start, make: { (FlowCoordinator<Void>(actionRouter: nil), router) })
            }
            self.content = content
        }

        /// The root's router, at the place: a window's as the window's root, a stack as a navigation stack.
        public var body: some View {
            let router = app.app(make).router
            if router.host.isWindow {
                RouterRoot(router: router, content: content)
            } else {
                RouterNavigationStack(router: router, content: content)
            }
        }
    }

    /// The app of a ``CoordinatorPreview``, built the first time it is asked for, then kept.
    @MainActor
    final class LazyPreviewedApp {
        private var built: PreviewedApp?

        func app(_ make: @MainActor () -> PreviewedApp) -> PreviewedApp {
            if let built { return built }
            let app = make()
            built = app
            return app
        }
    }
#endif
