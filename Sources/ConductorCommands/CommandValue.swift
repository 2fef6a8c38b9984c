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

    /// The value as a whole number, if it is one (or text that reads as one).
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .string(let value): Int(value)
        case .double(let value): value.rounded() == value ? Int(exactly: value) : nil
        case .bool: nil
        }
    }

    /// The value as a number, if it is one.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .string(let value): Double(value)
        case .bool: nil
        }
    }

    /// The value as a Boolean, if it is one.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }

    /// The value as it would be written in an identifier: strings quoted.
    public var description: String {
        switch self {
        case .string(let value): "\"\(value.replacingQuotes())\""
        default: stringValue
        }
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
