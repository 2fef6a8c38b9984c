public import Foundation

/// Reads a recording made by ``ActionRecorder`` and sends its actions, in order, through a router.
///
/// A recording names action types, so the replayer must be told which types it may create:
///
/// ```swift
/// var replayer = ActionReplayer()
/// replayer.register(ShowProfile.self)
/// replayer.register(FetchUser.self)
/// let report = try await replayer.replay(recording, into: router)
/// ```
///
/// By default every line is decoded before anything is sent, and the first bad line — not JSON, not valid UTF-8,
/// an unknown action type, a payload that does not decode — throws an ``ActionReplayError`` naming its line number
/// with nothing replayed. Pass ``Mode/skipInvalidLines`` to replay the good lines and get the bad ones back in the
/// ``Report``. Blank lines are ignored.
public struct ActionReplayer: Sendable {
    /// What to do with lines that cannot be decoded.
    public enum Mode: Sendable {
        /// Validate every line first; on the first bad line throw and replay nothing.
        case allOrNothing
        /// Replay every good line and report the bad ones in ``Report/skipped``.
        case skipInvalidLines
    }

    /// What a replay did.
    public struct Report: Sendable {
        /// How many actions were sent.
        public let replayed: Int
        /// The lines that were skipped, in ``Mode/skipInvalidLines`` mode.
        public let skipped: [ActionReplayError]
    }

    typealias Step = @MainActor @Sendable (ActionRouter) async throws -> Void

    private var decoders: [String: @Sendable (Data) throws -> Step] = [:]

    /// Creates a replayer that knows no action types yet.
    public init() {}

    /// The fully qualified names of the action types this replayer can decode, sorted.
    public var registeredActions: [String] { decoders.keys.sorted() }

    /// Lets recordings contain a synchronous action type.
    public mutating func register<A: Action & Decodable>(_ type: A.Type) {
        decoders[String(reflecting: type)] = { data in
            let action = try JSONDecoder().decode(Envelope<A>.self, from: data).payload
            return { router in _ = try router.send(action) }
        }
    }

    /// Lets recordings contain an asynchronous action type.
    public mutating func register<A: AsyncAction & Decodable>(_ type: A.Type) {
        decoders[String(reflecting: type)] = { data in
            let action = try JSONDecoder().decode(Envelope<A>.self, from: data).payload
            return { router in _ = try await router.send(action) }
        }
    }

    /// Replays a recording given as text.
    /// - Parameters:
    ///   - recording: JSON lines as written by ``ActionRecorder``.
    ///   - router: Where the actions are sent; ``ActionRouter/shared`` by default.
    ///   - mode: How bad lines are treated; ``Mode/allOrNothing`` by default.
    /// - Returns: How many actions were replayed and which lines were skipped.
    /// - Throws: ``ActionReplayError`` for a bad line (in ``Mode/allOrNothing`` mode) or an action whose send failed;
    ///   actions before a failed send stay replayed.
    @MainActor
    @discardableResult
    public func replay(
        _ recording: String,
        into router: ActionRouter = .shared,
        mode: Mode = .allOrNothing
    ) async throws(ActionReplayError) -> Report {
        try await replay(data: Data(recording.utf8), into: router, mode: mode)
    }

    /// Replays a recording read from a file.
    /// - Throws: ``ActionReplayError/unreadable(path:reason:)`` when the file cannot be read, and otherwise as
    ///   ``replay(_:into:mode:)``.
    @MainActor
    @discardableResult
    public func replay(
        contentsOf url: URL,
        into router: ActionRouter = .shared,
        mode: Mode = .allOrNothing
    ) async throws(ActionReplayError) -> Report {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try await replay(data: data, into: router, mode: mode)
    }

    /// Decodes every line, then sends the decoded actions in order.
    @MainActor
    func replay(data: Data, into router: ActionRouter, mode: Mode) async throws(ActionReplayError) -> Report {
        var steps: [(line: Int, action: String, step: Step)] = []
        var skipped: [ActionReplayError] = []
        for (index, bytes) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            do {
                if let decoded = try decode(Data(bytes), line: number) { steps.append((number, decoded.0, decoded.1)) }
            } catch {
                guard mode == .skipInvalidLines else { throw error }
                skipped.append(error)
            }
        }
        for (count, entry) in steps.enumerated() {
            do { try await entry.step(router) } catch {
                throw .sendFailed(line: entry.line, action: entry.action, replayed: count, reason: "\(error)")
            }
        }
        return Report(replayed: steps.count, skipped: skipped)
    }

    private func decode(_ bytes: Data, line: Int) throws(ActionReplayError) -> (String, Step)? {
        guard let text = String(data: bytes, encoding: .utf8) else { throw .invalidUTF8(line: line) }
        if text.allSatisfy(\.isWhitespace) { return nil }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: bytes) } catch {
            throw .malformedLine(line: line, reason: Self.reason(error))
        }
        guard let decoder = decoders[header.action] else {
            throw .unknownAction(line: line, action: header.action, known: registeredActions)
        }
        do { return (header.action, try decoder(bytes)) } catch {
            throw .undecodable(line: line, action: header.action, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private struct Header: Decodable {
        let action: String
    }

    private struct Envelope<Payload: Decodable>: Decodable {
        let payload: Payload
    }
}

/// Why a recording could not be replayed, with the line number (counting from 1) where that applies.
public enum ActionReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The recording file could not be read.
    case unreadable(path: String, reason: String)
    /// A line is not valid UTF-8.
    case invalidUTF8(line: Int)
    /// A line is not a JSON object with a string `action` field.
    case malformedLine(line: Int, reason: String)
    /// A line names an action type the replayer was not told about; `known` lists those it was.
    case unknownAction(line: Int, action: String, known: [String])
    /// A line's payload does not decode as its action type.
    case undecodable(line: Int, action: String, reason: String)
    /// Sending a line's action failed; the `replayed` actions before it had been sent.
    case sendFailed(line: Int, action: String, replayed: Int, reason: String)

    /// The line the error is about, if any.
    public var line: Int? {
        switch self {
        case .unreadable: return nil
        case .invalidUTF8(let line), .malformedLine(let line, _), .unknownAction(let line, _, _),
            .undecodable(let line, _, _), .sendFailed(let line, _, _, _):
            return line
        }
    }

    /// A sentence that says what went wrong, where, and what to do.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "Cannot read the recording at '\(path)': \(reason)."
        case .invalidUTF8(let line):
            return "Line \(line) of the recording is not valid UTF-8; recordings are UTF-8 JSON lines."
        case .malformedLine(let line, let reason):
            return "Line \(line) of the recording is not an action record ({\"action\": …, \"payload\": …}): \(reason)"
        case .unknownAction(let line, let action, let known):
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "Line \(line) names action '\(action)', which this replayer does not know (it knows: \(list)). "
                + "Call register(_:) with that type before replaying."
        case .undecodable(let line, let action, let reason):
            return "Line \(line): the payload does not decode as '\(action)': \(reason). Was the recording made with "
                + "another version of the type?"
        case .sendFailed(let line, let action, let replayed, let reason):
            return "Line \(line): sending '\(action)' failed after \(replayed) action(s) were replayed: \(reason)"
        }
    }
}
