public import ConductorActions

/// A command that builds a typed action from its context and sends it: the bridge from identifier-based UI to
/// ConductorActions.
///
/// ```swift
/// manager.register(ActionCommand("Open") { context in ShowItem(id: try context.int("id")) })
/// try await manager.perform(identifier: "menu.Open(id: 3)")   // sends ShowItem(id: 3)
/// ```
///
/// It validates as active only while a live dispatcher handles the action.
@MainActor
public final class ActionCommand<A: Action>: Command {
    /// The identifier the command registers under.
    public let identifier: String
    private let router: ActionRouter
    private let makeAction: @MainActor (CommandContext) throws -> A

    /// Creates the bridge.
    /// - Parameters:
    ///   - identifier: The command's identifier.
    ///   - router: Where the action is sent; the shared router by default.
    ///   - makeAction: Builds the action from the context; a missing or mistyped argument throws.
    public init(
        _ identifier: String,
        router: ActionRouter = .shared,
        makeAction: @escaping @MainActor (CommandContext) throws -> A
    ) {
        self.identifier = identifier
        self.router = router
        self.makeAction = makeAction
    }

    /// Active when a live dispatcher handles the action, inactive otherwise.
    public func validate(context: CommandContext) -> CommandValidation {
        router.isRegistered(A.self)
            ? .active(title: identifier)
            : CommandValidation(state: .inactive, title: identifier, reason: "nothing handles \(A.self) now")
    }

    /// Builds the action and sends it.
    public func perform(context: CommandContext) async throws {
        _ = try router.send(try makeAction(context))
    }
}
