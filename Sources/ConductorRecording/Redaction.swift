public import Foundation

/// What of a recorded value may leave the app: the policy a flight recorder applies to every value before a byte of
/// it is written (a report, a file).
///
/// **Text is redacted unless kept.** Every string of a value — a field of the state, an intent's associated value,
/// a command's text argument, a saved destination — is replaced by a placeholder, `redacted-` and 16 hexadecimal
/// digits, unless its key is kept. Numbers, Booleans, keys and enum cases are kept: they say what happened, not what
/// the user typed. The empty string stays empty. A link is kept whole only when ``keepsLinks`` (its path may carry
/// what the user typed; the app knows whether its links do).
///
/// Placeholders are the same for the same text within one process and differ between processes (they come from a
/// keyed hash whose key never leaves the process): a redacted name in a command and in the state after it stay equal,
/// so a replay still ends where the user was — with the placeholder where the name was — and text cannot be guessed
/// back from a report.
///
/// ```swift
/// // Item titles are kept; everything else the user typed (a user name) is replaced.
/// let redaction = Redaction(keeping: ["title"])
/// ```
public struct Redaction: Sendable {
    /// The keys whose string values are kept as typed: a key matches the last key of a value's path (`title` keeps
    /// `items.all.title`) or a dotted suffix of it (`login._0`).
    public var keptKeys: Set<String>
    /// Whether a deep link's URL is kept whole; otherwise it is replaced as text is.
    public var keepsLinks: Bool

    /// A policy that keeps the strings under `keptKeys` and, when `keepsLinks`, links.
    public init(keeping keptKeys: Set<String> = [], keepsLinks: Bool = false) {
        self.keptKeys = keptKeys
        self.keepsLinks = keepsLinks
    }

    /// Every string redacted, links too: the safe default.
    public static let allText = Redaction()

    /// The placeholder of `text`: `redacted-` and a keyed hash of it (16 hexadecimal digits); the empty string stays
    /// empty.
    public func placeholder(for text: String) -> String {
        guard !text.isEmpty else { return text }
        var hasher = Hasher()
        hasher.combine(text)
        let hash = UInt64(bitPattern: Int64(hasher.finalize()))
        let digits = String(hash, radix: 16)
        return "redacted-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether the string at `path` (its keys, outermost first) is kept.
    public func keeps(path: [String]) -> Bool {
        guard !keptKeys.isEmpty, !path.isEmpty else { return false }
        var suffix = ""
        for key in path.reversed() {
            suffix = suffix.isEmpty ? key : key + "." + suffix
            if keptKeys.contains(suffix) { return true }
        }
        return false
    }

    /// A link as this policy lets it leave: whole when ``keepsLinks``, its placeholder otherwise.
    public func link(_ url: String) -> String { keepsLinks ? url : placeholder(for: url) }

    /// The JSON text `json` with every string not kept replaced by its placeholder, keys sorted: what a report holds.
    /// Text that is not JSON is replaced whole.
    public func json(_ json: Data) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) else {
            return Data(("\"" + placeholder(for: String(decoding: json, as: UTF8.self)) + "\"").utf8)
        }
        return serialized(redact(value, path: []))
    }

    /// A saved navigation tree (`NavigationTree`'s JSON) with the app's values in it — each flow's navigation and
    /// place — redacted as ``json(_:)`` redacts, and its structure (flow names, tabs, the version) kept, so that it
    /// still restores.
    public func navigationTree(_ json: Data) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) else {
            return Data(("\"" + placeholder(for: String(decoding: json, as: UTF8.self)) + "\"").utf8)
        }
        return serialized(redactTree(value))
    }

    private func redactTree(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, inner) in object {
                result[key] = key == "navigation" || key == "place" ? redact(inner, path: []) : redactTree(inner)
            }
            return result
        case let array as [Any]:
            return array.map(redactTree)
        default:
            return value
        }
    }

    private func serialized(_ redacted: Any) -> Data {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        return (try? JSONSerialization.data(withJSONObject: redacted, options: options)) ?? Data("null".utf8)
    }

    private func redact(_ value: Any, path: [String]) -> Any {
        switch value {
        case let text as String:
            return keeps(path: path) ? text : placeholder(for: text)
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, inner) in object { result[key] = redact(inner, path: path + [key]) }
            return result
        case let array as [Any]:
            return array.map { redact($0, path: path) }
        default:
            return value
        }
    }
}
