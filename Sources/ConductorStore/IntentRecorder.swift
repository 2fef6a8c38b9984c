/// A store middleware that writes every intent the store processes as one line of Conductor's recording format
/// (ConductorRecording's `Recording`), before the reducer runs.
///
/// ```swift
/// let recorder = IntentRecorder<AppState, AppIntent>()
/// store.middlewares.append(recorder)
/// // … later, in a test:
/// let log = try IntentLog<AppIntent>(recording: recorder.log.recording)
/// #expect(log.replay(onto: AppState(), reducer: reducer) == reportedState)
/// ```
///
/// ```json
/// {"kind":"intent","payload":{"addItem":{"_0":"Milk"}},"type":"MyApp.AppIntent"}
/// ```
///
/// An intent that does not encode is never dropped in silence: it is a `RecordingError` with code `unencodable`,
/// kept in the ``log``'s failures and passed to its `onFailure` — and the intent goes on to the reducer.
@MainActor
public final class IntentRecorder<State, IntentType: Encodable>: StoreMiddleware {
    /// The lines recorded and the intents that could not be.
    public let log: RecordingLog
    private let type = String(reflecting: IntentType.self)

    /// Creates a recorder whose ``log`` keeps its lines and also passes each one to `write`.
    /// - Parameter write: Receives each line, without a newline, as it is recorded. Does nothing by default.
    public init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        log = RecordingLog(write: write)
    }

    /// Records the intent, then passes it on.
    public func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        log.record { () throws(RecordingError) in try Recording.line(kind: .intent, type: type, payload: intent) }
        next(intent)
    }
}
