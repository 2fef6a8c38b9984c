public import Logging

/// An observer that logs every command with swift-log: the command before it performs, its duration after, and its
/// error when it fails — the same messages, metadata and settings as `LoggingActionMiddleware` and
/// `LoggingStoreMiddleware`.
///
/// ```swift
/// let commandLog = LoggingCommandObserver(logger: Logger(label: "app.commands"))
/// manager.addObserver(commandLog)   // held weakly: keep `commandLog` as long as it should log
/// ```
///
/// Each message carries the metadata `command` (the command's name) and, when `includesPayload` is set, `payload`
/// (the identifier with its arguments, after providers ran). Performs log at `level`, failures at
/// `failureLevel` with the metadata `error`.
@MainActor
public final class LoggingCommandObserver: CommandObserver {
    /// The logger messages go to.
    package var logger: Logger
    /// The level of the messages about starting and finishing a perform.
    package var level: Logger.Level
    /// The level of the message about a perform that failed.
    package var failureLevel: Logger.Level
    /// Whether messages include the identifier's arguments; turn off for commands that carry secrets.
    package var includesPayload: Bool

    private var started: [ObjectIdentifier: ContinuousClock.Instant] = [:]

    /// Creates a logging observer.
    /// - Parameters:
    ///   - logger: Where messages go; `Conductor.Commands` by default.
    ///   - level: The level of routine messages; `.debug` by default.
    ///   - failureLevel: The level of failures; `.error` by default.
    ///   - includesPayload: Whether to log each identifier's arguments; `true` by default.
    public init(
        logger: Logger = Logger(label: "Conductor.Commands"),
        level: Logger.Level = .debug,
        failureLevel: Logger.Level = .error,
        includesPayload: Bool = true
    ) {
        self.logger = logger
        self.level = level
        self.failureLevel = failureLevel
        self.includesPayload = includesPayload
    }

    /// Logs the perform about to start.
    public func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        started[ObjectIdentifier(context)] = .now
        logger.log(level: level, "perform \(identifier.name)", metadata: metadata(identifier, context))
    }

    /// Logs the perform's duration.
    public func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        let duration = started.removeValue(forKey: ObjectIdentifier(context)).map { " in \(ContinuousClock.now - $0)" }
        logger.log(
            level: level, "performed \(identifier.name)\(duration ?? "")", metadata: metadata(identifier, context))
    }

    /// Logs the failure and its error.
    public func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {
        let start = context.flatMap { started.removeValue(forKey: ObjectIdentifier($0)) }
        let duration = start.map { " after \(ContinuousClock.now - $0)" } ?? ""
        var metadata = metadata(identifier, context)
        metadata["error"] = .string(error.description)
        logger.log(level: failureLevel, "\(identifier.name) failed\(duration): \(error)", metadata: metadata)
    }

    private func metadata(_ identifier: CommandIdentifier, _ context: CommandContext?) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["command": .string(identifier.name)]
        if includesPayload {
            let arguments = (context?.arguments ?? identifier.arguments).sorted { $0.key < $1.key }
            metadata["payload"] = .string(CommandIdentifier(name: identifier.name, arguments: arguments).canonical)
        }
        return metadata
    }
}
