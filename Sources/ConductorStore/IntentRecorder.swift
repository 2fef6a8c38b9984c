/// A store middleware that writes every intent the store processes as one line of Conductor's recording format
/// (ConductorRecording's `Recording`), before the reducer runs.
///
/// ```swift
/// let recorder = IntentRecorder<AppState, AppIntent>()
/// store.middlewares.append(recorder)
/// // … later, in a test:
/// let log = try IntentLog<AppIntent>(recording: recorder.recording)
/// #expect(log.replay(onto: AppState(), reducer: reducer) == reportedState)
/// ```
///
/// ```json
/// {"kind":"intent","payload":{"addItem":{"_0":"Milk"}},"type":"MyApp.AppIntent"}
/// ```
///
/// An intent that does not encode is never dropped in silence: it is a `RecordingError` with code `unencodable`,
/// kept in ``failures`` and passed to ``onFailure`` — and the intent goes on to the reducer.
@MainActor
public final class IntentRecorder<State, IntentType: Encodable>: StoreMiddleware {
    /// The lines written so far, without their newlines.
    public private(set) var lines: [String] = []
    /// The intents that could not be recorded, in order.
    public private(set) var failures: [RecordingError] = []
    /// Receives each intent that could not be recorded; logs it through swift-log by default.
    public var onFailure: @MainActor (RecordingError) -> Void = { Recording.log($0) }

    private let write: @MainActor (String) -> Void
    private let type = String(reflecting: IntentType.self)

    /// Creates a recorder that keeps its lines in ``lines`` and also passes each one to `write`.
    /// - Parameter write: Receives each line, without a newline, as it is recorded. Does nothing by default.
    public init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        self.write = write
    }

    /// The whole recording: every line followed by a newline.
    public var recording: String { lines.map { $0 + "\n" }.joined() }

    /// Forgets the lines and failures recorded so far.
    public func reset() {
        lines.removeAll()
        failures.removeAll()
    }

    /// Records the intent, then passes it on.
    public func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        do {
            let line = try Recording.line(kind: .intent, type: type, payload: intent)
            lines.append(line)
            write(line)
        } catch {
            failures.append(error)
            onFailure(error)
        }
        next(intent)
    }
}
