/// Runs around each command a ``CommandManager`` performs (``CommandManager/middlewares``): after the command was
/// resolved, its context filled along the responder chain and it was validated, inside its `Cause`. A middleware
/// calls `next` once to let the command run — or throws instead, to stop it — and sees its error.
///
/// ```swift
/// final class Timing: CommandMiddleware {
///     var durations: [String: Duration] = [:]
///     func perform(
///         _ identifier: CommandIdentifier, context: CommandContext,
///         next: () async throws(CommandError) -> Void
///     ) async throws(CommandError) {
///         let start = ContinuousClock.now
///         defer { durations[identifier.name] = ContinuousClock.now - start }
///         try await next()
///     }
/// }
/// ```
@MainActor
public protocol CommandMiddleware: AnyObject {
    /// Performs the command identified by `identifier` through `next`, with whatever the middleware adds around it.
    func perform(
        _ identifier: CommandIdentifier, context: CommandContext, next: () async throws(CommandError) -> Void
    ) async throws(CommandError)
}
