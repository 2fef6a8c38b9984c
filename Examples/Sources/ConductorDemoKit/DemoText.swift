/// Rules for the text a user types that the demo stores: kept exactly as typed, or refused with a message.
enum DemoText {
    /// The longest title or name stored.
    static let maximumLength = 200

    /// An item's title from a `save` command: trimmed, not empty, and storable as typed.
    static func title(_ text: String?) throws -> String {
        let title = (text ?? "").trimmed
        guard !title.isEmpty else { throw DemoProblem("An item needs a title: 'save <title>'.") }
        return try validated(title, as: "title")
    }

    /// A user name from `login` or `register`: trimmed, not empty, and storable as typed.
    static func name(_ text: String?, usage: String) throws -> String {
        let name = (text ?? "").trimmed
        guard !name.isEmpty else { throw DemoProblem("A name is needed: '\(usage)'.") }
        return try validated(name, as: "name")
    }

    /// The text as typed, or a problem saying why it cannot be stored as typed: a control character (SQLite's text
    /// would end at a NUL, losing what follows) or more than ``maximumLength`` characters.
    static func validated(_ text: String, as what: String) throws -> String {
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            throw DemoProblem("A \(what) cannot contain control characters (found U+\(padded)); type it as plain text.")
        }
        guard text.count <= maximumLength else {
            throw DemoProblem("A \(what) is at most \(maximumLength) characters; this one has \(text.count).")
        }
        return text
    }

    /// Text shortened for echoing back in a message.
    static func excerpt(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

extension String {
    /// The string without leading and trailing whitespace (Unicode's definition).
    var trimmed: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
