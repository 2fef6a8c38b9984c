internal import Foundation

/// A middleware that writes every dispatched `Encodable` action as one line of JSON, for bug reports and replay.
///
/// Each line is an object with the action's fully qualified type name and its encoded value:
///
/// ```json
/// {"action":"MyApp.ShowProfile","payload":{"id":3}}
/// ```
///
/// Add the recorder to the dispatchers whose actions you want to record; read the lines back with
/// ``ActionReplayer``. Actions are recorded before their handler runs, so a recording also shows the action that
/// failed. An action type that is not `Encodable` cannot be written; it is listed in ``unrecordable`` instead, and
/// an action whose encoding throws is listed in ``failures`` — the dispatch itself goes on in both cases.
///
/// ```swift
/// let recorder = ActionRecorder()
/// dispatcher.middlewares.append(recorder)
/// // … use the app …
/// try recorder.recording.write(to: url, atomically: true, encoding: .utf8)
/// ```
@MainActor
public final class ActionRecorder: ActionMiddleware {
    /// An action that could not be written.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The action type.
        public let action: ActionKey
        /// Why encoding failed.
        public let reason: String
        /// `ActionName: reason`.
        public var description: String { "\(action.name): \(reason)" }
    }

    /// The lines written so far, without their newlines.
    public private(set) var lines: [String] = []
    /// The action types that were dispatched but are not `Encodable`, each once, in order of first sight.
    public private(set) var unrecordable: [ActionKey] = []
    /// The actions whose encoding threw.
    public private(set) var failures: [Failure] = []

    private let write: @MainActor (String) -> Void
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Creates a recorder that keeps its lines in ``lines`` and also passes each one to `write`.
    /// - Parameter write: Receives each line, without a newline, as it is recorded; for example to append it to a
    ///   file. Does nothing by default.
    public init(write: @escaping @MainActor (String) -> Void = { _ in }) {
        self.write = write
    }

    /// The whole recording: every line followed by a newline.
    public var recording: String { lines.map { $0 + "\n" }.joined() }

    /// Forgets the lines, unrecordable types and failures recorded so far.
    public func reset() {
        lines.removeAll()
        unrecordable.removeAll()
        failures.removeAll()
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
            if !unrecordable.contains(key) { unrecordable.append(key) }
            return
        }
        do {
            let line = try encodeLine(encodable, name: key.name)
            lines.append(line)
            write(line)
        } catch {
            failures.append(Failure(action: key, reason: String(describing: error)))
        }
    }

    private func encodeLine<Payload: Encodable>(_ payload: Payload, name: String) throws -> String {
        let data = try encoder.encode(RecordedLine(action: name, payload: payload))
        return String(decoding: data, as: UTF8.self)
    }
}

/// The shape of one line of a recording.
struct RecordedLine<Payload: Encodable>: Encodable {
    let action: String
    let payload: Payload
}
