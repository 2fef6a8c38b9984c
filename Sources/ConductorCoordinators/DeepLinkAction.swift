public import ConductorActions

/// A deep link that is an action to send: lets a ``DeepLinkMatcher`` map URLs straight to actions.
///
/// ```swift
/// var links = DeepLinkMatcher<DeepLinkAction>()
/// try links.registerAction("conductor-demo://items/:id") { p in ShowItem(id: try p.int("id")) }
/// try links.open("conductor-demo://items/3")        // sends ShowItem(id: 3) through ActionRouter.shared
/// ```
public struct DeepLinkAction: Sendable, CustomStringConvertible {
    /// The action's description, such as `ShowItem(id: 3)`.
    public let description: String
    private let sendAction: @MainActor @Sendable (ActionRouter) throws -> Void

    /// Wraps a synchronous action.
    public init<A: Action>(_ action: A) {
        self.description = String(describing: action)
        self.sendAction = { router in _ = try router.send(action) }
    }

    /// Sends the action through `router`.
    /// - Throws: What sending throws, such as `ActionError.unhandled` when no dispatcher handles the action.
    @MainActor
    public func send(to router: ActionRouter = .shared) throws {
        try sendAction(router)
    }
}

extension DeepLinkMatcher where Link == DeepLinkAction {
    /// Registers a pattern whose URLs become an action.
    /// - Parameters:
    ///   - pattern: Such as `conductor-demo://items/:id`.
    ///   - priority: Wins over lower priorities when several patterns match.
    ///   - makeAction: Builds the action from the URL's parameters.
    /// - Throws: As ``register(_:priority:_:)``.
    public mutating func registerAction<A: Action>(
        _ pattern: String,
        priority: Int = 0,
        _ makeAction: @escaping @Sendable (DeepLinkParameters) throws -> A
    ) throws(DeepLinkError) {
        try register(pattern, priority: priority) { parameters in DeepLinkAction(try makeAction(parameters)) }
    }

    /// Resolves a URL to its action and sends it.
    /// - Throws: A ``DeepLinkError`` when the URL does not resolve, or what sending throws.
    @MainActor
    public func open(_ url: String, via router: ActionRouter = .shared) throws {
        try resolve(url).send(to: router)
    }
}
