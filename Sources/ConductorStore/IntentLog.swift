internal import Foundation

/// The intents a store processed, in order: replayed onto the initial state they reproduce the final state.
///
/// Turn on ``Store/isRecordingIntents``, attach the log to a bug report (it is `Codable` when the intents are), and
/// replay it in a test:
///
/// ```swift
/// let reproduced = log.replay(onto: AppState(), reducer: reducer)
/// #expect(reproduced == reportedState)
/// ```
///
/// The log holds intents sent by effects too, so replaying needs only the reducer: no effect runs.
public struct IntentLog<IntentType: Sendable>: Sendable {
    /// The intents, in the order the store processed them.
    public var intents: [IntentType]

    /// Creates a log of the given intents.
    public init(_ intents: [IntentType] = []) { self.intents = intents }

    /// Applies every intent to `state` with `reducer`, ignoring the effects it returns, and returns the result.
    public func replay<State, EffectType>(onto state: State, reducer: (inout State, IntentType) -> [EffectType])
        -> State
    {
        var state = state
        for intent in intents { _ = reducer(&state, intent) }
        return state
    }
}

extension IntentLog: Equatable where IntentType: Equatable {}
extension IntentLog: Codable where IntentType: Codable {}

extension IntentLog where IntentType: Codable {
    /// The log in Conductor's recording format (ConductorRecording's `Recording`): one `intent` record per line.
    /// - Throws: `RecordingError` with code `unencodable` when an intent does not encode.
    public func recording() throws(RecordingError) -> String {
        let type = String(reflecting: IntentType.self)
        var text = ""
        for intent in intents { text += try Recording.line(kind: .intent, type: type, payload: intent) + "\n" }
        return text
    }

    /// Reads the intents of this type from a recording — one an ``IntentRecorder`` wrote, or a session's whole
    /// recording. Records of other kinds, and intents of other types (another store's), are left out.
    /// - Parameters:
    ///   - recording: JSON lines in Conductor's recording format.
    ///   - mode: All or nothing (the default) throws at the first bad line; `.skipInvalidLines` leaves bad lines out.
    /// - Throws: `RecordingError` naming the first bad line.
    public init(recording: String, mode: ReplayMode = .allOrNothing) throws(RecordingError) {
        let type = String(reflecting: IntentType.self)
        let (lines, _) = try Recording.lines(in: Data(recording.utf8), mode: mode)
        var intents: [IntentType] = []
        for line in lines where line.kind == .intent && line.type == type {
            do { intents.append(try line.payload(as: IntentType.self)) } catch {
                guard mode == .skipInvalidLines else { throw error }
            }
        }
        self.init(intents)
    }
}
