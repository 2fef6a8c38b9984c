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

    /// The text as an integer — decimal digits with an optional leading `+` or `-`, within `Int`'s range — or `nil`:
    /// what `Int(_:)` reads, read here from the UTF-8 bytes (`Int(_:)` on `some StringProtocol` is not specialised
    /// across modules, and cost a deep-link match a sixth of its time).
    package static func int(_ text: String) -> Int? { int(utf8: text.utf8) }

    /// The same for a slice of text.
    package static func int(_ text: Substring) -> Int? { int(utf8: text.utf8) }

    /// Decimal digits with an optional sign, accumulated towards the sign's side so that `Int.min` reads too.
    private static func int<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> Int? {
        var index = bytes.startIndex
        guard index != bytes.endIndex else { return nil }
        let first = bytes[index]
        let isNegative = first == UInt8(ascii: "-")
        if isNegative || first == UInt8(ascii: "+") {
            bytes.formIndex(after: &index)
            guard index != bytes.endIndex else { return nil }
        }
        var value = 0
        while index != bytes.endIndex {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) =
                isNegative ? tens.subtractingReportingOverflow(Int(digit)) : tens.addingReportingOverflow(Int(digit))
            guard !overflowed, !overflowedAgain else { return nil }
            value = next
            bytes.formIndex(after: &index)
        }
        return value
    }

    /// The text as a finite number, or `nil`.
    package static func double(_ text: some StringProtocol) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
