public import Foundation
internal import Logging

/// Conductor's one recording format: JSON lines, one record per line, for actions, commands and intents alike.
///
/// ```json
/// {"kind":"action","payload":{"id":3},"type":"MyApp.ShowProfile"}
/// {"kind":"command","payload":{"arguments":{"id":{"int":{"_0":3}}}},"type":"menu.Open(id: 3)"}
/// {"kind":"intent","payload":{"addItem":{"_0":"Milk"}},"type":"MyApp.AppIntent"}
/// ```
///
/// Every record has a ``RecordKind``, a `type` — an action or intent type's fully qualified name, or a command's
/// identifier — and a `payload`, the value's own `Codable` form. Keys are sorted, slashes are not escaped, and a line
/// never contains a newline, so recordings diff and grep well and can be concatenated.
///
/// One policy for every recorder and replayer:
/// - **Recording never stops the app and never loses a record in silence.** What cannot be encoded is a
///   ``RecordingError/Code/unencodable`` error passed to the recorder's `onFailure` (logged by ``log(_:)`` by
///   default) and kept in its `failures`.
/// - **Replaying decodes every line before it replays any** (``ReplayMode/allOrNothing``), so a bad line throws a
///   ``RecordingError`` naming its number with nothing replayed; ``ReplayMode/skipInvalidLines`` replays the good lines
///   and reports the bad ones in the ``ReplayReport``. Blank lines are ignored. A record whose replay fails stops the
///   replay with ``RecordingError/Code/replayFailed``, saying how many were replayed before it.
public enum Recording {
    /// One decoded line: its number, kind, type and the bytes to decode its payload from.
    public struct Line: Sendable {
        /// The line's number, counting from 1.
        public let number: Int
        /// What the record holds.
        public let kind: RecordKind
        /// The type's name or the command's identifier.
        public let type: String
        /// The whole line, as read.
        public let bytes: Data

        /// Decodes the payload as `Payload`.
        /// - Throws: ``RecordingError/Code/undecodable``, naming the line and the field.
        public func payload<Payload: Decodable>(as payload: Payload.Type) throws(RecordingError) -> Payload {
            do { return try JSONDecoder().decode(Envelope<Payload>.self, from: bytes).payload } catch {
                throw .undecodable(line: number, kind: kind, type: type, reason: Recording.reason(error))
            }
        }
    }

    /// Encodes one record as a line, without its newline.
    /// - Throws: ``RecordingError/Code/unencodable`` when the payload's encoding throws.
    public static func line(
        kind: RecordKind,
        type: String,
        payload: some Encodable
    ) throws(RecordingError) -> String {
        do {
            let data = try encoder.encode(Record(kind: kind, type: type, payload: payload))
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw .unencodable(kind: kind, type: type, reason: String(describing: error))
        }
    }

    /// Reads a recording's records, one per non-blank line.
    /// - Parameters:
    ///   - data: The recording's bytes: UTF-8 JSON lines.
    ///   - mode: ``ReplayMode/allOrNothing`` throws at the first bad line; ``ReplayMode/skipInvalidLines`` leaves bad
    ///     lines out and returns them as errors.
    /// - Returns: The records, and the errors of the lines left out.
    /// - Throws: ``RecordingError`` for the first bad line, in ``ReplayMode/allOrNothing`` mode.
    public static func lines(
        in data: Data,
        mode: ReplayMode = .allOrNothing
    ) throws(RecordingError) -> (lines: [Line], skipped: [RecordingError]) {
        var lines: [Line] = []
        var skipped: [RecordingError] = []
        for (index, bytes) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            do {
                if let line = try decode(Data(bytes), number: index + 1) { lines.append(line) }
            } catch {
                guard mode == .skipInvalidLines else { throw error }
                skipped.append(error)
            }
        }
        return (lines, skipped)
    }

    /// Reads the file at `url` whole.
    /// - Throws: ``RecordingError/Code/unreadable``.
    public static func contents(of url: URL) throws(RecordingError) -> Data {
        do { return try Data(contentsOf: url) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The default `onFailure` of every recorder: logs the error at error level through swift-log (label
    /// `Conductor.Recording`).
    public static func log(_ error: RecordingError) {
        Logger(label: "Conductor.Recording").error("\(error.description)")
    }

    // MARK: Internals

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func decode(_ bytes: Data, number: Int) throws(RecordingError) -> Line? {
        guard let text = String(data: bytes, encoding: .utf8) else { throw .invalidUTF8(line: number) }
        if text.allSatisfy(\.isWhitespace) { return nil }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: bytes) } catch {
            throw .malformedLine(line: number, reason: reason(error))
        }
        return Line(number: number, kind: header.kind, type: header.type, bytes: bytes)
    }

    static func reason(_ error: any Error) -> String {
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

    private struct Record<Payload: Encodable>: Encodable {
        let kind: RecordKind
        let type: String
        let payload: Payload
    }

    private struct Header: Decodable {
        let kind: RecordKind
        let type: String
    }

    private struct Envelope<Payload: Decodable>: Decodable {
        let payload: Payload
    }
}
