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
/// once per type) or whose encoding throws is a `RecordingError` with code `unencodable`, kept in ``failures`` and
/// passed to ``onFailure`` — and the dispatch goes on.
///
/// ```swift
/// let recorder = ActionRecorder()
/// dispatcher.middlewares.append(recorder)
/// // … use the app …
/// try recorder.recording.write(to: url, atomically: true, encoding: .utf8)
/// ```
@MainActor
public final class ActionRecorder: ActionMiddleware {
    /// The lines written so far, without their newlines.
    public private(set) var lines: [String] = []
    /// The actions that could not be recorded, in order.
    public private(set) var failures: [RecordingError] = []
    /// Receives each action that could not be recorded; logs it through swift-log by default.
    public var onFailure: @MainActor (RecordingError) -> Void = { Recording.log($0) }

    private var unrecordableTypes: Set<ActionKey> = []
    private let write: @MainActor (String) -> Void

    /// Creates a recorder that keeps its lines in ``lines`` and also passes each one to `write`.
    /// - Parameter write: Receives each line, without a newline, as it is recorded; for example to append it to a
    ///   file. Does nothing by default.
    public init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        self.write = write
    }

    /// The whole recording: every line followed by a newline.
    public var recording: String { lines.map { $0 + "\n" }.joined() }

    /// Forgets the lines and failures recorded so far.
    public func reset() {
        lines.removeAll()
        failures.removeAll()
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
        do throws(RecordingError) {
            guard let encodable = action as? any Encodable else {
                guard unrecordableTypes.insert(key).inserted else { return }
                throw .unencodable(kind: .action, type: key.name, reason: "the type is not Encodable")
            }
            let line = try Recording.line(kind: .action, type: key.name, payload: encodable)
            lines.append(line)
            write(line)
        } catch {
            failures.append(error)
            onFailure(error)
        }
    }
}
