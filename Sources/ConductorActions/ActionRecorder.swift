/// A middleware that writes every dispatched `Encodable` action as one line of Conductor's recording format
/// (ConductorRecording's `Recording`), for bug reports and replay.
///
/// ```json
/// {"kind":"action","payload":{"id":3},"type":"MyApp.ShowProfile"}
/// ```
///
/// Add the recorder to the dispatchers whose actions you want to record; read the lines back with
/// ``ActionReplayer``. Actions are recorded before their handler runs, so a recording also shows the action that
/// failed. What cannot be written is never dropped in silence: an action type that is not `Encodable` (reported
/// once per type) or whose encoding throws is a `RecordingError` with code `unencodable`, kept in the ``log``'s failures and
/// passed to its `onFailure` — and the dispatch goes on.
///
/// ```swift
/// let recorder = ActionRecorder()
/// dispatcher.middlewares.append(recorder)
/// // … use the app …
/// try recorder.log.recording.write(to: url, atomically: true, encoding: .utf8)
/// ```
@MainActor
public final class ActionRecorder: ActionMiddleware {
    /// The lines recorded and the actions that could not be.
    public let log: RecordingLog

    private var unrecordableTypes: Set<ActionKey> = []

    /// Creates a recorder whose ``log`` keeps its lines and also passes each one to `write`.
    /// - Parameter write: Receives each line, without a newline, as it is recorded. Does nothing by default.
    public init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        log = RecordingLog(write: write)
    }

    /// Forgets what was recorded, and which types could not be, so that their next action is reported again.
    public func reset() {
        log.reset()
        unrecordableTypes.removeAll()
    }

    /// Records a synchronous action, then passes it on.
    public func intercept<A: Action>(
        _ action: A,
        context: DispatchContext,
        next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        record(action, context.action)
        return try next(action)
    }

    /// Records an asynchronous action, then passes it on.
    public func intercept<A: AsyncAction>(
        _ action: A,
        context: DispatchContext,
        next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        record(action, context.action)
        return try await next(action)
    }

    private func record(_ action: some Sendable, _ key: ActionKey) {
        guard let encodable = action as? any Encodable else {
            // Reported once per type, not on every send.
            guard unrecordableTypes.insert(key).inserted else { return }
            return log.record { () throws(RecordingError) in
                throw .unencodable(kind: .action, type: key.name, reason: "the type is not Encodable")
            }
        }
        log.record { () throws(RecordingError) in try Recording.line(kind: .action, type: key.name, payload: encodable)
        }
    }
}
