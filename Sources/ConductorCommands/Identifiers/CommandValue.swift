internal import ConductorSupport

/// A typed argument value from a command identifier: text, a whole number, a number with a fraction, or a Boolean.
///
/// `menu.Open(id: 3, title: "Notes", focus: true, zoom: 1.5)` yields `.int(3)`, `.string("Notes")`, `.bool(true)`
/// and `.double(1.5)`.
public enum CommandValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Text: a quoted string, or a bare word in the plain form.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction or an exponent.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)

    /// The value as text, whatever its type.
    public var stringValue: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }

    /// The value as a whole number, if it is one (or text that reads as one, by the rules deep-link parameters
    /// follow too).
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .string(let value): TypedText.int(value)
        case .double(let value): value.rounded() == value ? Int(exactly: value) : nil
        case .bool: nil
        }
    }

    /// The value as a finite number, if it is one (or text that reads as one).
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .string(let value): TypedText.double(value)
        case .bool: nil
        }
    }

    /// The value as a Boolean, if it is one: `true`/`false`, or text or a number that reads as one by the rules
    /// deep-link parameters follow too (`yes`/`no`, `1`/`0`).
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .string(let value): TypedText.bool(value)
        case .int(let value): TypedText.bool(String(value))
        case .double: nil
        }
    }

    /// The value as it would be written in an identifier: strings quoted.
    public var description: String {
        switch self {
        case .string(let value): value.quotedForIdentifier
        default: stringValue
        }
    }
}

extension String {
    /// The string as a quoted identifier string: `"`, `\\` and control characters escaped, so that the parser reads
    /// back exactly this string.
    var quotedForIdentifier: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
