/// A command made of closures, for commands too small to deserve a type of their own: a flow's `Back`, `Cancel` or
/// `Next`.
///
/// ```swift
/// let back = ClosureCommand("Back") { [weak self] _ in
///     self?.router.canPop == true ? .active(title: "back") : .inactive(title: "back")
/// } perform: { [weak self] _ in
///     try self?.router.pop(animated: true)
/// }
/// ```
///
/// Capture the object that owns the command weakly: the command usually belongs to it, and a perform still running
/// (async work can outlive the owner) must not reach an owner that was released.
@MainActor
public final class ClosureCommand: Command {
    /// The identifier the command registers under by default.
    public let identifier: String
    private let validation: @MainActor (CommandContext) -> CommandValidation
    private let body: @MainActor (CommandContext) async throws -> Void

    /// Creates a command.
    /// - Parameters:
    ///   - identifier: The name it is invoked by.
    ///   - title: The title it validates with when `validate` is not given; the identifier by default.
    ///   - validate: How it shows in a context; active with `title` by default.
    ///   - perform: What it does.
    public init(
        _ identifier: String,
        title: String? = nil,
        validate: (@MainActor (CommandContext) -> CommandValidation)? = nil,
        perform: @escaping @MainActor (CommandContext) async throws -> Void
    ) {
        self.identifier = identifier
        let title = title ?? identifier
        self.validation = validate ?? { _ in .active(title: title) }
        self.body = perform
    }

    /// Validates with the closure given at creation.
    public func validate(context: CommandContext) -> CommandValidation { validation(context) }

    /// Performs the closure given at creation.
    public func perform(context: CommandContext) async throws { try await body(context) }
}
