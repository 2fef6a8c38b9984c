/// How Conductor reads a typed value from text: one set of rules for deep-link parameters and command arguments, so
/// that `?flag=yes` and `Open(flag: yes)` mean the same.
///
/// - Booleans: `true`/`false`, `yes`/`no`, `1`/`0`, in any letter case.
/// - Integers: decimal digits with an optional leading `+` or `-`, within `Int`'s range.
/// - Numbers: what `Double(_:)` reads, finite only (`inf` and `nan` are text, not numbers).
package enum TypedText {
    /// The text as a Boolean, or `nil`.
    package static func bool(_ text: some StringProtocol) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// The text as an integer, or `nil`: what `Int(text)` reads, read from the bytes here — `Int(_:)` called from
    /// another module goes through the standard library's unspecialised parsing, several times the cost of the
    /// digits, and deep links read an integer on every match.
    package static func int(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { int(utf8: $0) }
    }

    /// The integer UTF-8 bytes spell — decimal digits with an optional leading `+` or `-` — or `nil`, also beyond
    /// `Int`'s range. Accumulates negatively when the sign is `-`, so that `Int.min` fits.
    package static func int(utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits = utf8[...]
        guard let first = digits.first else { return nil }
        let negative = first == UInt8(ascii: "-")
        if negative || first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            let digit = Int(byte &- UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// The text as a finite number, or `nil`.
    package static func double(_ text: some StringProtocol) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
