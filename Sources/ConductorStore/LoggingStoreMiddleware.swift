public import Logging

/// A store middleware that logs every intent with swift-log, and optionally the state it produced.
///
/// ```swift
/// store.middlewares.append(LoggingStoreMiddleware(logger: Logger(label: "app.store")))
/// ```
public struct LoggingStoreMiddleware<State, IntentType>: StoreMiddleware {
    /// The logger messages go to.
    public var logger: Logger
    /// The level of the messages.
    public var level: Logger.Level
    /// Whether to log the state after each intent (its description, which may be long or hold secrets).
    public var includesState: Bool

    /// Creates a logging middleware.
    /// - Parameters:
    ///   - logger: Where messages go; `Conductor.Store` by default.
    ///   - level: The level of the messages; `.debug` by default.
    ///   - includesState: Whether to log the resulting state; `false` by default.
    public init(
        logger: Logger = Logger(label: "Conductor.Store"),
        level: Logger.Level = .debug,
        includesState: Bool = false
    ) {
        self.logger = logger
        self.level = level
        self.includesState = includesState
    }

    /// Logs the intent, passes it on, then logs the resulting state if asked to.
    public func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        logger.log(level: level, "intent \(String(describing: intent))")
        next(intent)
        if includesState { logger.log(level: level, "state \(String(describing: state()))") }
    }
}
