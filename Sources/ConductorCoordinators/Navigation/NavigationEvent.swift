/// One change a ``HeadlessNavigationRouter`` made, for tests and logs.
public enum NavigationEvent: Equatable, Sendable, CustomStringConvertible {
    /// A module was pushed.
    case push(String)
    /// Modules left the stack, top first: by `pop`, `popToRoot`, a new root, or the platform.
    case pop([String])
    /// A module was presented.
    case present(String)
    /// A presented module was dismissed.
    case dismiss(String)
    /// The stack was replaced by a new root.
    case setRoot(String)
    /// The platform popped modules itself (back button, swipe), top first.
    case platformPop([String])
    /// The platform showed modules the router did not push (the app's own push, a segue), bottom first: the router
    /// adopted them onto its stack, without a destination.
    case platformPush([String])

    /// A short line such as `push Detail` or `pop Detail, List`.
    public var description: String {
        switch self {
        case .push(let name): "push \(name)"
        case .pop(let names): "pop \(names.joined(separator: ", "))"
        case .present(let name): "present \(name)"
        case .dismiss(let name): "dismiss \(name)"
        case .setRoot(let name): "setRoot \(name)"
        case .platformPop(let names): "platform pop \(names.joined(separator: ", "))"
        case .platformPush(let names): "platform push \(names.joined(separator: ", "))"
        }
    }
}
