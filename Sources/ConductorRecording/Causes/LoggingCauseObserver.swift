public import Logging

/// Logs each ``Cause`` as it begins and ends through swift-log, with the cause as metadata (``Cause/metadata``), so
/// that a log read later groups what a command, action, link or intent set off. Works on every platform, with no
/// tool attached.
///
/// ```swift
/// let causeLog = LoggingCauseObserver(logger: Logger(label: "MyApp.Causes"))
/// Causes.addObserver(causeLog)   // keep `causeLog` alive: observers are held weakly
/// ```
@MainActor
public final class LoggingCauseObserver: CauseObserver {
    /// Where the lines go.
    public let logger: Logger
    /// The level of the lines: `debug` by default.
    public var level: Logger.Level

    /// An observer that logs to `logger` at `level`.
    public init(logger: Logger = Logger(label: "Conductor.Causes"), level: Logger.Level = .debug) {
        self.logger = logger
        self.level = level
    }

    /// Logs `began <cause>`.
    public func causeDidBegin(_ cause: Cause) {
        logger.log(level: level, "began \(cause.description)", metadata: cause.metadata)
    }

    /// Logs `ended <cause>`.
    public func causeDidEnd(_ cause: Cause) {
        logger.log(level: level, "ended \(cause.description)", metadata: cause.metadata)
    }
}

extension Cause {
    /// The cause as swift-log metadata — `conductor.trace`, `conductor.cause` — to add to an app's own log lines:
    /// `logger.info("saved", metadata: Cause.current?.metadata)`.
    public var metadata: Logger.Metadata {
        ["conductor.trace": "\(trace)", "conductor.cause": "\(description)"]
    }
}
