/// An object that owns a navigation flow: it decides which screen comes next, so screens never do.
///
/// The seed's protocol, kept as it was: `start()` begins the flow; `start(with:)` begins it at a deep link.
/// ``BaseCoordinator`` implements both, with a tree of child coordinators.
@preconcurrency @MainActor
public protocol Coordinator: AnyObject {
    /// Begins the flow at its first screen.
    func start()
    /// Begins the flow at a deep link, or at its first screen when `deepLink` is `nil`.
    func start(with deepLink: (any DeepLink)?)
}
