#if canImport(SwiftUI)
    public import ConductorCoordinators
    internal import SwiftUI

    /// Makes routers for SwiftUI: ``ConductorCoordinators/HostedNavigationRouter``s on a
    /// ``ConductorCoordinators/DeclarativeNavigationHost``, shown by ``RouterNavigationStack`` and
    /// ``RouterTabView`` — so the same coordinators that run headless run on SwiftUI.
    @MainActor
    public struct SwiftUIRouterFactory: RouterFactory {
        /// Creates the factory.
        public init() {}

        /// A router that a ``RouterNavigationStack`` shows.
        public func makeRouter(name: String) -> any NavigationRouter {
            HostedNavigationRouter(name: name, host: DeclarativeNavigationHost())
        }

        /// A tab router that a ``RouterTabView`` shows.
        public func makeTabs(name: String, tabs: [String]) -> TabRouter {
            TabRouter(name: name, tabs: tabs) { HostedNavigationRouter(name: $0, host: DeclarativeNavigationHost()) }
        }
    }
#endif
