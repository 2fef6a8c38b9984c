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
/// It follows the replay policy of Conductor's recording format (`Recording`): every line is decoded before anything
/// is sent, and the first bad line — not JSON, not valid UTF-8, not an action record, an unknown action type, a
/// payload that does not decode — throws a `RecordingError` naming its line number with nothing replayed. Pass
/// `.skipInvalidLines` to replay the good lines and get the bad ones back in the report. Blank lines are ignored, and
/// so are records of other kinds (commands, intents) in a mixed recording.
public struct ActionReplayer: Sendable {
    typealias Step = @MainActor @Sendable (ActionRouter) async throws -> Void

    // The decoders throw only `RecordingError`, but are declared untyped: a typed-throws closure that returns a
    // closure crashes Swift 6.3's SIL generation.
    private var decoders: [String: @Sendable (Recording.Line) throws -> Step] = [:]

    /// Creates a replayer that knows no action types yet.
    public init() {}

    /// The fully qualified names of the action types this replayer can decode, sorted.
    package var registeredActions: [String] { decoders.keys.sorted() }

    /// Lets recordings contain a synchronous action type.
    public mutating func register<A: Action & Decodable>(_ type: A.Type) {
        decoders[String(reflecting: type)] = { line in
            let action = try line.payload(as: A.self)
            return { router in _ = try router.send(action) }
        }
    }

    /// Lets recordings contain an asynchronous action type.
    public mutating func register<A: AsyncAction & Decodable>(_ type: A.Type) {
        decoders[String(reflecting: type)] = { line in
            let action = try line.payload(as: A.self)
            return { router in _ = try await router.send(action) }
        }
    }

    /// Replays a recording given as text.
    /// - Parameters:
    ///   - recording: JSON lines as written by ``ActionRecorder``.
    ///   - router: Where the actions are sent; ``ActionRouter/shared`` by default.
    ///   - mode: How bad lines are treated; all or nothing by default.
    /// - Returns: How many actions were replayed and which lines were skipped.
    /// - Throws: `RecordingError` for a bad line (in all-or-nothing mode) or an action whose send failed
    ///   (`replayFailed`); actions before a failed send stay replayed.
    @MainActor
    @discardableResult
    public func replay(
        _ recording: String,
        into router: ActionRouter = .shared,
        mode: ReplayMode = .allOrNothing
    ) async throws(RecordingError) -> ReplayReport {
        try await replay(data: Data(recording.utf8), into: router, mode: mode)
    }

    /// Replays a recording read from a file.
    /// - Throws: `RecordingError` with code `unreadable` when the file cannot be read, and otherwise as
    ///   ``replay(_:into:mode:)``.
    @MainActor
    @discardableResult
    public func replay(
        contentsOf url: URL,
        into router: ActionRouter = .shared,
        mode: ReplayMode = .allOrNothing
    ) async throws(RecordingError) -> ReplayReport {
        try await replay(data: try Recording.contents(of: url), into: router, mode: mode)
    }

    /// Decodes every line, then sends the decoded actions in order.
    @MainActor
    func replay(data: Data, into router: ActionRouter, mode: ReplayMode) async throws(RecordingError) -> ReplayReport {
        let (lines, unreadable) = try Recording.lines(in: data, mode: mode)
        var steps: [(line: Recording.Line, step: Step)] = []
        var skipped = unreadable
        for line in lines where line.kind == .action {
            do throws(RecordingError) {
                guard let decoder = decoders[line.type] else {
                    throw .unknownType(
                        line: line.number, kind: .action, type: line.type, known: registeredActions)
                }
                do { steps.append((line, try decoder(line))) } catch let error as RecordingError { throw error } catch {
                    throw .undecodable(line: line.number, kind: .action, type: line.type, reason: "\(error)")
                }
            } catch {
                guard mode == .skipInvalidLines else { throw error }
                skipped.append(error)
            }
        }
        skipped.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        for (count, entry) in steps.enumerated() {
            do { try await entry.step(router) } catch {
                throw .replayFailed(
                    line: entry.line.number, kind: .action, type: entry.line.type, replayed: count,
                    reason: "\(error)")
            }
        }
        return ReplayReport(replayed: steps.count, skipped: skipped)
    }
}
