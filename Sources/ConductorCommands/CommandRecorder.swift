internal import Foundation
internal import Logging

/// Records every command a manager performs as one line of JSON — its identifier and arguments — and replays a
/// recording in order.
///
/// ```swift
/// let recorder = CommandRecorder()
/// manager.addObserver(recorder)
/// // … the user works …
/// try await CommandRecorder.replay(recorder.recording, into: otherManager)
/// ```
///
/// ```json
/// {"arguments":{"id":{"int":{"_0":3}}},"identifier":"menu.Open(id: 3)"}
/// ```
///
/// Only successfully performed commands are recorded. The arguments are the context's at the end of the perform —
/// the identifier's, the caller's `info` and what providers added — so a replay does not need the providers. Typed
/// context values are recorded too for the keys listed in ``recordedKeys`` (their values must be `Codable`), and
/// a replay given the same keys puts them back before each command performs.
@MainActor
public final class CommandRecorder: CommandObserver {
    /// One recorded perform.
    public struct Entry: Codable, Sendable, Equatable {
        /// The identifier as written.
        public let identifier: String
        /// The context's arguments.
        public let arguments: [String: CommandValue]
        /// The recorded typed context values, as JSON by key name.
        public let context: [String: String]?
    }

    /// The typed context keys whose values are recorded with each command, such as `[CommandKey.selection]`.
    public var recordedKeys: [any RecordableCommandKey] = []

    /// A command the recorder could not record: a context value that did not encode. Nothing is written for it.
    public struct RecordingFailure: Error, CustomStringConvertible {
        /// The identifier of the command that was performed but not recorded.
        public let identifier: String
        /// The error that stopped the recording.
        public let error: any Error

        /// Names the command and says what to do.
        public var description: String {
            "Command '\(identifier)' was performed but not recorded: \(error). Make the recorded keys' values "
                + "encodable, or remove the key from recordedKeys."
        }
    }

    /// Receives every command the recorder could not record, so that a recording never silently misses one. Logs it
    /// at error level through swift-log (label `Conductor.Commands`) by default.
    public var onFailure: @MainActor (RecordingFailure) -> Void = { failure in
        Logger(label: "Conductor.Commands").error("\(failure.description)")
    }

    /// The lines recorded so far, without newlines.
    public private(set) var lines: [String] = []
    private let write: @MainActor (String) -> Void
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Creates a recorder that keeps its lines and also hands each to `write`.
    public init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        self.write = write
    }

    /// The whole recording, one line per command.
    public var recording: String { lines.map { $0 + "\n" }.joined() }

    /// Records a performed command.
    public func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        let line: String
        do {
            var values: [String: String] = [:]
            for key in recordedKeys {
                if let json = try key.encodedValue(in: context) { values[key.name] = json }
            }
            let entry = Entry(
                identifier: identifier.text, arguments: context.arguments, context: values.isEmpty ? nil : values)
            line = String(decoding: try encoder.encode(entry), as: UTF8.self)
        } catch {
            return onFailure(RecordingFailure(identifier: identifier.text, error: error))
        }
        lines.append(line)
        write(line)
    }

    /// Performs a recording's commands in order.
    ///
    /// Every line is decoded before anything is performed; a bad line throws with nothing performed.
    /// - Parameters:
    ///   - recording: JSON lines written by a recorder.
    ///   - manager: Performs the commands.
    ///   - keys: The typed context keys to put back, as the recorder's ``recordedKeys``.
    /// - Returns: How many commands were performed.
    /// - Throws: ``CommandReplayError``.
    @discardableResult
    public static func replay(
        _ recording: String,
        into manager: CommandManager,
        restoring keys: [any RecordableCommandKey] = []
    ) async throws(CommandReplayError) -> Int {
        var entries: [(Int, Entry)] = []
        for (index, line) in recording.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            do {
                entries.append((index + 1, try JSONDecoder().decode(Entry.self, from: Data(line.utf8))))
            } catch {
                throw .malformedLine(line: index + 1, reason: "\(error)")
            }
        }
        for (count, (line, entry)) in entries.enumerated() {
            let restorer = ContextRestorer(values: entry.context ?? [:], keys: keys)
            manager.rootProviders.append(restorer)
            defer { manager.rootProviders.removeAll { $0 === restorer } }
            do { try await manager.perform(identifier: entry.identifier, info: entry.arguments) } catch {
                throw .performFailed(line: line, replayed: count, error: error)
            }
        }
        return entries.count
    }
}

/// Why a command recording could not be replayed.
public enum CommandReplayError: Error, Sendable, CustomStringConvertible {
    /// A line is not a recorded command.
    case malformedLine(line: Int, reason: String)
    /// Performing a line's command failed; `replayed` commands before it had been performed.
    case performFailed(line: Int, replayed: Int, error: CommandError)

    /// Says which line failed and why.
    public var description: String {
        switch self {
        case .malformedLine(let line, let reason): "Line \(line) is not a recorded command: \(reason)"
        case .performFailed(let line, let replayed, let error):
            "Line \(line) failed after \(replayed) command(s) were replayed: \(error)"
        }
    }
}

/// A typed context key whose value can be recorded and replayed: every ``CommandKey`` of a `Codable` value.
@MainActor
public protocol RecordableCommandKey {
    /// The key's name.
    var name: String { get }
    /// The key's value in `context` as JSON, if it has one.
    /// - Throws: The encoder's error when the value does not encode.
    func encodedValue(in context: CommandContext) throws -> String?
    /// Decodes `json` and stores it under the key in `context`.
    func restore(_ json: String, in context: CommandContext) throws
}

extension CommandKey: RecordableCommandKey where Value: Codable {
    /// The key's value in `context` as JSON, if it has one.
    public func encodedValue(in context: CommandContext) throws -> String? {
        guard let value = context[self] else { return nil }
        return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    /// Decodes `json` and stores it under the key in `context`.
    public func restore(_ json: String, in context: CommandContext) throws {
        context[self] = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
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
