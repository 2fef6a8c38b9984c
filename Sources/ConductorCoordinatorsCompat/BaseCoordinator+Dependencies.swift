public import ConductorCoordinators

/// ApplicationCoordinator's names for adding and removing children.
extension BaseCoordinator {
    /// Adds a child unless it is already one, as the seed's `addDependency(_:)` (which ignored duplicates). A child
    /// that belongs to another parent is not added, and that is reported as `addChild(_:)` reports it.
    public func addDependency(_ coordinator: any Coordinator) {
        if childCoordinators.contains(where: { $0 === coordinator }) { return }  // the seed's documented no-op
        addChild(coordinator)
    }

    /// Removes a child, as the seed's `removeDependency(_:)`; `nil` does nothing.
    public func removeDependency(_ coordinator: (any Coordinator)?) {
        guard let coordinator else { return }
        removeChild(coordinator)
    }
}
