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

    /// The text as an integer — decimal digits with an optional leading `+` or `-`, within `Int`'s range — or `nil`.
    package static func int(_ text: some StringProtocol) -> Int? { Int(text) }

    /// The text as a finite number, or `nil`.
    package static func double(_ text: some StringProtocol) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
