#if canImport(SwiftUI)
    public import ConductorCoordinators
    internal import SwiftUI

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

        init(
            place: Place,
            make: @MainActor () -> (root: BaseCoordinator, router: HostedNavigationRouter),
            then: @MainActor () -> Void = {}
        ) {
            (root, router) = make()
            switch place {
            case .start: root.run()
            case .tree(let tree): report = root.run(restoring: tree)
            case .link(let link): root.run(with: link)
            }
            then()
        }
    }
#endif
