public import ConductorCoordinators
internal import Logging

/// ApplicationCoordinator's names for adding and removing children.
extension BaseCoordinator {
    /// Adds a child unless it is already one, as the seed's `addDependency(_:)` (which ignored duplicates). A child
    /// that belongs to another parent is not added, and that is logged at error level (swift-log, label
    /// `Conductor.Coordinators`); use `addChild(_:)` to get the typed error instead.
    public func addDependency(_ coordinator: any Coordinator) {
        do throws(CoordinatorError) {
            try addChild(coordinator)
        } catch {
            if case .childAlreadyAdded = error { return }  // the seed's documented no-op
            Logger(label: "Conductor.Coordinators").error("\(error.description)")
        }
    }

    /// Removes a child, as the seed's `removeDependency(_:)`; `nil` does nothing.
    public func removeDependency(_ coordinator: (any Coordinator)?) {
        guard let coordinator else { return }
        removeChild(coordinator)
    }
}
