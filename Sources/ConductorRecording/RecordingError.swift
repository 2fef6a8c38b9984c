/// Why a record could not be written, or a recording could not be read or replayed — one error for actions,
/// commands and intents, naming the line (counting from 1) where that applies.
///
/// A struct with a ``code``, so that a new kind of failure does not break a `switch` in your code:
///
/// <!-- not compiled: a fragment: … stands for the app's code -->
/// ```swift
/// #expect(throws: RecordingError.invalidUTF8(line: 2)) { try Recording.lines(in: data) }
/// if error.code == .unknownType { … }
/// ```
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in later releases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// A record could not be written: its value is not `Encodable`, or encoding it threw.
        public static let unencodable = Code("unencodable")
        /// The recording file could not be read.
        public static let unreadable = Code("unreadable")
        /// A line is not valid UTF-8.
        public static let invalidUTF8 = Code("invalidUTF8")
        /// A line is not a record: not a JSON object with string `kind` and `type` fields and a `payload`.
        public static let malformedLine = Code("malformedLine")
        /// A line names a type the replayer was not told about.
        public static let unknownType = Code("unknownType")
        /// A line's payload does not decode as its type.
        public static let undecodable = Code("undecodable")
        /// Replaying a line failed: sending its action, performing its command.
        public static let replayFailed = Code("replayFailed")
        /// A report or an app test script that arrived from outside is not one this library reads
        /// (`AppTestScript.read`): too large, truncated, corrupted, newer, or with too many steps.
        public static let invalidReport = Code("invalidReport")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// The line involved, counting from 1; `nil` when the error is not about one line.
    public let line: Int?
    /// The kind of record involved, when known.
    public let kind: RecordKind?
    /// The type (an action or intent type's name, a command's identifier) involved, when known.
    public let type: String?
    /// What went wrong, in words.
    public let reason: String
    /// The types the replayer knows, for ``Code/unknownType``.
    public let known: [String]
    /// How many records were replayed before this one, for ``Code/replayFailed``.
    public let replayed: Int?

    private init(
        _ code: Code, line: Int? = nil, kind: RecordKind? = nil, type: String? = nil, reason: String = "",
        known: [String] = [], replayed: Int? = nil
    ) {
        self.code = code
        self.line = line
        self.kind = kind
        self.type = type
        self.reason = reason
        self.known = known
        self.replayed = replayed
    }

    /// A record of `kind` and `type` could not be written, for `reason`.
    public static func unencodable(kind: RecordKind, type: String, reason: String) -> Self {
        Self(.unencodable, kind: kind, type: type, reason: reason)
    }

    /// The file at `path` could not be read.
    public static func unreadable(path: String, reason: String) -> Self {
        Self(.unreadable, type: path, reason: reason)
    }

    /// Line `line` is not valid UTF-8.
    public static func invalidUTF8(line: Int) -> Self { Self(.invalidUTF8, line: line) }

    /// Line `line` is not a record.
    public static func malformedLine(line: Int, reason: String) -> Self {
        Self(.malformedLine, line: line, reason: reason)
    }

    /// Line `line` names `type`, which the replayer does not know; `known` lists those it does.
    public static func unknownType(line: Int, kind: RecordKind, type: String, known: [String]) -> Self {
        Self(.unknownType, line: line, kind: kind, type: type, known: known)
    }

    /// Line `line`'s payload does not decode as `type`.
    public static func undecodable(line: Int, kind: RecordKind, type: String, reason: String) -> Self {
        Self(.undecodable, line: line, kind: kind, type: type, reason: reason)
    }

    /// A report or script that cannot be read, and why.
    public static func invalidReport(_ reason: String) -> Self { Self(.invalidReport, reason: reason) }

    /// Replaying line `line` failed after `replayed` records were replayed.
    public static func replayFailed(line: Int, kind: RecordKind, type: String, replayed: Int, reason: String) -> Self {
        Self(.replayFailed, line: line, kind: kind, type: type, reason: reason, replayed: replayed)
    }

    /// A sentence that says what went wrong, where, and what to do.
    public var description: String {
        let at = line.map { "Line \($0)" } ?? "The recording"
        let what = "\(kind.map { "\($0) " } ?? "")'\(type ?? "")'"
        switch code {
        case .unencodable:
            return "The \(what) was not recorded: \(reason). Make its type Encodable, or leave it out of recordings."
        case .unreadable: return "Cannot read the recording at '\(type ?? "")': \(reason)."
        case .invalidUTF8: return "\(at) of the recording is not valid UTF-8; recordings are UTF-8 JSON lines."
        case .malformedLine:
            return "\(at) is not a record ({\"kind\": …, \"type\": …, \"payload\": …}): \(reason)"
        case .unknownType:
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "\(at) names \(what), which this replayer does not know (it knows: \(list)). Register that type "
                + "before replaying."
        case .undecodable:
            return "\(at): the payload does not decode as \(what): \(reason). Was the recording made with another "
                + "version of the type?"
        case .replayFailed:
            return "\(at): replaying \(what) failed after \(replayed ?? 0) record(s) were replayed: \(reason)"
        case .invalidReport:
            let reason = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
            return "The report cannot be read: \(reason). Nothing was replayed."
        default: return "\(at): \(code) \(what) \(reason)"
        }
    }
}
