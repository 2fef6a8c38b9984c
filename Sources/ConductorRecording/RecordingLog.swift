/// The lines a recorder wrote and the values it could not record: what `ActionRecorder`, `CommandRecorder` and
/// `IntentRecorder` each keep, in one place.
///
/// ```swift
/// let recorder = ActionRecorder()
/// router.middlewares.append(recorder)
/// // … later:
/// try recorder.log.recording.write(to: url, atomically: true, encoding: .utf8)
/// ```
///
/// A value that does not encode is never dropped in silence: it is a ``RecordingError`` kept in ``failures`` and
/// passed to ``onFailure``.
@MainActor
public final class RecordingLog {
    /// The lines written so far, without their newlines.
    package private(set) var lines: [String] = []
    /// The values that could not be recorded, in order.
    public private(set) var failures: [RecordingError] = []
    /// Receives each value that could not be recorded; logs it through swift-log by default.
    public var onFailure: @MainActor (RecordingError) -> Void = { Recording.log($0) }

    private let write: @MainActor (String) -> Void

    /// Creates a log that keeps its lines and also passes each one to `write`.
    /// - Parameter write: Receives each line, without a newline, as it is recorded. Does nothing by default.
    package init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        self.write = write
    }

    /// The whole recording: every line followed by a newline.
    public var recording: String { lines.map { $0 + "\n" }.joined() }

    /// Forgets the lines and failures recorded so far.
    public func reset() {
        lines.removeAll()
        failures.removeAll()
    }

    /// Records the line `make` returns, or the failure it throws.
    package func record(_ make: () throws(RecordingError) -> String) {
        do {
            let line = try make()
            lines.append(line)
            write(line)
        } catch {
            failures.append(error)
            onFailure(error)
        }
    }
}
