#if canImport(SwiftUI)
    public import ConductorCoordinators
    internal import SwiftUI

    /// Makes routers for SwiftUI: ``ConductorCoordinators/HostedNavigationRouter``s shown by
    /// ``RouterNavigationStack`` and ``RouterTabView``, and a window's router shown by ``RouterRoot`` — so the same
    /// coordinators that run headless run on SwiftUI.
    @MainActor
    public struct SwiftUIRouterFactory: RouterFactory {
        /// Creates the factory.
        public init() {}

        /// A router that a ``RouterNavigationStack`` shows.
        public func makeRouter(name: String) -> any NavigationRouter {
            HostedNavigationRouter(name: name, host: DeclarativeNavigationHost())
        }

        /// A window's router that a ``RouterRoot`` shows: its one root — a stack, the tabs, a screen — fills the
        /// window; a push or a present on it is refused.
        public func makeWindow(name: String) -> HostedNavigationRouter {
            HostedNavigationRouter(name: name, host: WindowRootHost())
        }

        /// A tab router that a ``RouterTabView`` shows.
        public func makeTabs(name: String, tabs: [String]) -> TabRouter {
            TabRouter(name: name, tabs: tabs) { HostedNavigationRouter(name: $0, host: DeclarativeNavigationHost()) }
        }
    }
#endif
