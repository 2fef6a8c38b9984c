public import Logging

/// A middleware that logs every dispatch with swift-log: the action before it runs, its duration after, and its
/// error when it fails.
///
/// ```swift
/// dispatcher.middlewares.append(LoggingActionMiddleware(logger: Logger(label: "app.actions")))
/// ```
///
/// Each message carries the metadata `action` (the type name), `dispatcher`, and, when `includesPayload` is set,
/// `payload` (the action's description). Successful dispatches log at `level`, failures at `failureLevel`.
public struct LoggingActionMiddleware: ActionMiddleware {
    /// The logger messages go to.
    package var logger: Logger
    /// The level of the messages about starting and finishing a dispatch.
    package var level: Logger.Level
    /// The level of the message about a dispatch that threw.
    package var failureLevel: Logger.Level
    /// Whether messages include the action's description; turn off for actions that carry secrets.
    package var includesPayload: Bool

    /// Creates a logging middleware.
    /// - Parameters:
    ///   - logger: Where messages go; `Conductor.Actions` by default.
    ///   - level: The level of routine messages; `.debug` by default.
    ///   - failureLevel: The level of failures; `.error` by default.
    ///   - includesPayload: Whether to log each action's description; `true` by default.
    public init(
        logger: Logger = Logger(label: "Conductor.Actions"),
        level: Logger.Level = .debug,
        failureLevel: Logger.Level = .error,
        includesPayload: Bool = true
    ) {
        self.logger = logger
        self.level = level
        self.failureLevel = failureLevel
        self.includesPayload = includesPayload
    }

    /// Logs around a synchronous dispatch.
    public func intercept<A: Action>(
        _ action: A,
        context: DispatchContext,
        next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        let metadata = metadata(for: action, context)
        logger.log(level: level, "dispatch \(context.action.shortName)", metadata: metadata)
        let start = ContinuousClock.now
        do {
            let result = try next(action)
            finished(context, after: start, metadata)
            return result
        } catch {
            failed(context, error, after: start, metadata)
            throw error
        }
    }

    /// Logs around an asynchronous dispatch.
    public func intercept<A: AsyncAction>(
        _ action: A,
        context: DispatchContext,
        next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        let metadata = metadata(for: action, context)
        logger.log(level: level, "dispatch \(context.action.shortName)", metadata: metadata)
        let start = ContinuousClock.now
        do {
            let result = try await next(action)
            finished(context, after: start, metadata)
            return result
        } catch {
            failed(context, error, after: start, metadata)
            throw error
        }
    }

    private func metadata(for action: some Sendable, _ context: DispatchContext) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "action": .string(context.action.name), "dispatcher": .string(context.dispatcher),
        ]
        if includesPayload { metadata["payload"] = .string(String(describing: action)) }
        return metadata
    }

    private func finished(_ context: DispatchContext, after start: ContinuousClock.Instant, _ metadata: Logger.Metadata)
    {
        logger.log(
            level: level,
            "handled \(context.action.shortName) in \(ContinuousClock.now - start)",
            metadata: metadata
        )
    }

    private func failed(
        _ context: DispatchContext,
        _ error: any Error,
        after start: ContinuousClock.Instant,
        _ metadata: Logger.Metadata
    ) {
        var metadata = metadata
        metadata["error"] = .string(String(describing: error))
        logger.log(
            level: failureLevel,
            "\(context.action.shortName) failed after \(ContinuousClock.now - start): \(error)",
            metadata: metadata
        )
    }
}
