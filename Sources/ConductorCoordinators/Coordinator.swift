/// An object that owns a navigation flow: it decides which screen comes next, so screens never do.
///
/// The seed's protocol, kept as it was: `start()` begins the flow; `start(with:)` begins it at a deep link.
/// ``BaseCoordinator`` implements both, with a tree of child coordinators.
@MainActor
public protocol Coordinator: AnyObject {
    /// Begins the flow at its first screen.
    func start()
    /// Begins the flow at a deep link, or at its first screen when `deepLink` is `nil`.
    func start(with deepLink: (any DeepLink)?)
}

/// A destination inside the app that a coordinator tree can navigate to: from a URL, a notification, or code.
///
/// Define your app's deep links as an enum and let coordinators match the cases they handle:
///
/// ```swift
/// enum AppLink: DeepLink, Equatable {
///     case items
///     case item(id: Int)
///     case signUp
/// }
/// ```
public protocol DeepLink: Sendable {}

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
