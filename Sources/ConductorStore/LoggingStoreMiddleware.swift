public import Logging

/// A store middleware that logs every intent with swift-log: the intent before the reducer, the time the reducer
/// took after, and optionally the state it produced — the same messages, metadata and settings as
/// `LoggingActionMiddleware` and `LoggingCommandObserver`.
///
/// ```swift
/// store.middlewares.append(LoggingStoreMiddleware(logger: Logger(label: "app.store")))
/// ```
///
/// Each message carries the metadata `intent` (the intent's type and case name) and, when `includesPayload` is
/// set, `payload` (the intent's description); with `includesState`, the message after the reducer carries `state`.
/// Reducers cannot fail, so there is no failure level: effect failures go to ``Store/onEffectError``.
public struct LoggingStoreMiddleware<State, IntentType>: StoreMiddleware {
    /// The logger messages go to.
    package var logger: Logger
    /// The level of the messages.
    package var level: Logger.Level
    /// Whether messages include the intent's description; turn off for intents that carry secrets.
    package var includesPayload: Bool
    /// Whether to log the state after each intent (its description, which may be long or hold secrets).
    package var includesState: Bool

    /// Creates a logging middleware.
    /// - Parameters:
    ///   - logger: Where messages go; `Conductor.Store` by default.
    ///   - level: The level of the messages; `.debug` by default.
    ///   - includesPayload: Whether to log each intent's description; `true` by default.
    ///   - includesState: Whether to log the resulting state; `false` by default.
    public init(
        logger: Logger = Logger(label: "Conductor.Store"),
        level: Logger.Level = .debug,
        includesPayload: Bool = true,
        includesState: Bool = false
    ) {
        self.logger = logger
        self.level = level
        self.includesPayload = includesPayload
        self.includesState = includesState
    }

    /// Logs the intent, passes it on, then logs how long the reducer took and, if asked to, the resulting state.
    public func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        let name = Self.name(of: intent)
        var metadata: Logger.Metadata = ["intent": .string(name)]
        if includesPayload { metadata["payload"] = .string(String(describing: intent)) }
        logger.log(level: level, "intent \(name)", metadata: metadata)
        let start = ContinuousClock.now
        next(intent)
        let elapsed = ContinuousClock.now - start
        if includesState { metadata["state"] = .string(String(describing: state())) }
        logger.log(level: level, "reduced \(name) in \(elapsed)", metadata: metadata)
    }

    /// `AppIntent.addItem` for an enum case, the type's name otherwise.
    static func name(of intent: IntentType) -> String {
        let type = String(describing: Swift.type(of: intent))
        let text = String(describing: intent)
        let head = text.prefix { $0 != "(" }
        guard !head.isEmpty, head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return type }
        return "\(type).\(head)"
    }
}
