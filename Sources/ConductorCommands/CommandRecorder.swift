internal import Foundation

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
/// the identifier's, the caller's `info` and what providers added — so a replay does not need the providers.
@MainActor
public final class CommandRecorder: CommandObserver {
    /// One recorded perform.
    public struct Entry: Codable, Sendable, Equatable {
        /// The identifier as written.
        public let identifier: String
        /// The context's arguments.
        public let arguments: [String: CommandValue]
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
        let entry = Entry(identifier: identifier.text, arguments: context.arguments)
        guard let data = try? encoder.encode(entry) else { return }
        let line = String(decoding: data, as: UTF8.self)
        lines.append(line)
        write(line)
    }

    /// Performs a recording's commands in order.
    ///
    /// Every line is decoded before anything is performed; a bad line throws with nothing performed.
    /// - Returns: How many commands were performed.
    /// - Throws: ``CommandReplayError``.
    @discardableResult
    public static func replay(_ recording: String, into manager: CommandManager) async throws(CommandReplayError) -> Int
    {
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
