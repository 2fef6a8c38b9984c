internal import Foundation
internal import Logging

/// Records every command a manager performs as one line of Conductor's recording format (ConductorRecording's
/// `Recording`) — its identifier and arguments — and replays a recording in order.
///
/// ```swift
/// let recorder = CommandRecorder()
/// manager.addObserver(recorder)
/// // … the user works …
/// try await CommandRecorder.replay(recorder.log.recording, into: otherManager)
/// ```
///
/// ```json
/// {"kind":"command","payload":{"arguments":{"id":{"int":{"_0":3}}}},"type":"menu.Open(id: 3)"}
/// ```
///
/// Only successfully performed commands are recorded. The arguments are the context's at the end of the perform —
/// the identifier's, the caller's `info` and what providers added — so a replay does not need the providers. Typed
/// context values are recorded too for the keys listed in ``recordedKeys`` (their values must be `Codable`), and
/// a replay given the same keys puts them back before each command performs. A command whose values do not encode
/// is never dropped in silence: it is a `RecordingError` with code `unencodable`, kept in the ``log``'s failures and passed
/// to its `onFailure`.
@MainActor
public final class CommandRecorder: CommandObserver {
    /// One recorded perform: the payload of a `command` record.
    public struct Entry: Codable, Sendable, Equatable {
        /// The context's arguments.
        public let arguments: [String: CommandValue]
        /// The recorded typed context values, as JSON by key name.
        public let context: [String: String]?

        /// An entry: what a tool writes for a command it records in Conductor's format.
        public init(arguments: [String: CommandValue], context: [String: String]? = nil) {
            self.arguments = arguments
            self.context = context
        }
    }

    /// The typed context keys whose values are recorded with each command, such as `[CommandKey.selection]`.
    public var recordedKeys: [any RecordableCommandKey] = []
    /// The lines recorded and the performs that could not be.
    public let log: RecordingLog

    /// Creates a recorder whose ``log`` keeps its lines and also passes each one to `write`.
    /// - Parameter write: Receives each line, without a newline, as it is recorded. Does nothing by default.
    public init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        log = RecordingLog(write: write)
    }

    /// Records a performed command.
    public func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        log.record { () throws(RecordingError) in
            var values: [String: String] = [:]
            for key in recordedKeys {
                do { if let json = try key.encodedValue(in: context) { values[key.name] = json } } catch {
                    throw .unencodable(
                        kind: .command, type: identifier.text, reason: "context value '\(key.name)': \(error)")
                }
            }
            let entry = Entry(arguments: context.arguments, context: values.isEmpty ? nil : values)
            return try Recording.line(kind: .command, type: identifier.text, payload: entry)
        }
    }

    /// Performs a recording's commands in order, by the replay policy of Conductor's recording format: every line is
    /// decoded before anything is performed, unless `mode` skips bad lines; records of other kinds are ignored.
    /// - Parameters:
    ///   - recording: JSON lines written by a recorder.
    ///   - manager: Performs the commands.
    ///   - keys: The typed context keys to put back, as the recorder's ``recordedKeys``.
    ///   - mode: How bad lines are treated; all or nothing by default.
    /// - Returns: How many commands were performed and which lines were skipped.
    /// - Throws: `RecordingError`: a bad line, or `replayFailed` with the command's `CommandError` as its reason.
    @discardableResult
    public static func replay(
        _ recording: String,
        into manager: CommandManager,
        restoring keys: [any RecordableCommandKey] = [],
        mode: ReplayMode = .allOrNothing
    ) async throws(RecordingError) -> ReplayReport {
        let (lines, unreadable) = try Recording.lines(in: Data(recording.utf8), mode: mode)
        var entries: [(Recording.Line, Entry)] = []
        var skipped = unreadable
        for line in lines where line.kind == .command {
            do { entries.append((line, try line.payload(as: Entry.self))) } catch {
                guard mode == .skipInvalidLines else { throw error }
                skipped.append(error)
            }
        }
        skipped.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        for (count, (line, entry)) in entries.enumerated() {
            let restorer = ContextRestorer(values: entry.context ?? [:], keys: keys)
            manager.rootProviders.append(restorer)
            defer { manager.rootProviders.removeAll { $0 === restorer } }
            do { try await manager.perform(identifier: line.type, info: entry.arguments) } catch {
                throw .replayFailed(
                    line: line.number, kind: .command, type: line.type, replayed: count, reason: error.description)
            }
        }
        return ReplayReport(replayed: entries.count, skipped: skipped)
    }
}

/// Puts recorded typed values back into the context of a replayed command.
@MainActor
private final class ContextRestorer: CommandContextProvider {
    let values: [String: String]
    let keys: [any RecordableCommandKey]
    init(values: [String: String], keys: [any RecordableCommandKey]) {
        self.values = values
        self.keys = keys
    }
    func provide(context: CommandContext) throws {
        for key in keys {
            if let json = values[key.name] { try key.restore(json, in: context) }
        }
    }
}
