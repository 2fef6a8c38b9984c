/// A coordinator misuse: naming the coordinators involved and what to do.
public enum CoordinatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The coordinator was started before; a coordinator runs its flow once.
    case alreadyStarted(coordinator: String)
    /// The child is already a child of this coordinator.
    case childAlreadyAdded(child: String, parent: String)
    /// The child already has another parent.
    case childHasAnotherParent(child: String, parent: String)

    /// Says what went wrong and what to do.
    public var description: String {
        switch self {
        case .alreadyStarted(let coordinator):
            return "Coordinator '\(coordinator)' was already started; a coordinator runs its flow once. Create a new "
                + "coordinator for a new flow, or send it a deep link with start(with:)."
        case .childAlreadyAdded(let child, let parent):
            return "Coordinator '\(child)' is already a child of '\(parent)'. Add a child once; it is removed when it "
                + "finishes."
        case .childHasAnotherParent(let child, let parent):
            return "Coordinator '\(child)' already belongs to '\(parent)'. Remove it there first, or create a new one."
        }
    }
}
