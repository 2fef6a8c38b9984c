/// What a line of a recording holds: an action, a command or an intent — or a kind of your own.
public struct RecordKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The kind's name, as written in the `kind` field.
    public let rawValue: String

    /// A kind with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A kind from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A typed action sent through an action router (`ActionRecorder`).
    public static let action: RecordKind = "action"
    /// A command performed by a command manager (`CommandRecorder`).
    public static let command: RecordKind = "command"
    /// An intent a store processed (`IntentRecorder`, `IntentLog`).
    public static let intent: RecordKind = "intent"

    /// The kind's name.
    public var description: String { rawValue }

    /// Decodes the kind from its name.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the kind as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
