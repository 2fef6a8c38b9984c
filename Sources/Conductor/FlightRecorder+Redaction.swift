internal import ConductorCommands
internal import ConductorRecording
internal import Foundation

extension FlightRecorder {
    /// A command's identifier with its text arguments redacted (a key kept by the policy, as `title` or
    /// `Save.title`, stays).
    func redactedCommand(_ text: String) -> String { redactingCommand(text).text }

    /// A command's redacted identifier, and each text it replaced with the placeholder it put there: what a failure
    /// that quotes the command or an argument is redacted with.
    private func redactingCommand(_ text: String) -> (text: String, replaced: [(String, String)]) {
        // Text that does not parse as an identifier is redacted whole: its parse error says nothing a report needs.
        guard let identifier = try? CommandIdentifier(parsing: text) else {
            let placeholder = redaction.placeholder(for: text)
            return (placeholder, [(text, placeholder)])
        }
        var replaced: [(String, String)] = []
        let arguments = identifier.argumentKeys.compactMap { key -> (String, CommandValue)? in
            guard let value = identifier.arguments[key] else { return nil }
            guard case .string(let text) = value, !text.isEmpty, !redaction.keeps(path: [identifier.name, key]) else {
                return (key, value)
            }
            let placeholder = redaction.placeholder(for: text)
            replaced.append((text, placeholder))
            return (key, .string(placeholder))
        }
        let redacted = CommandIdentifier(name: identifier.name, prefix: identifier.prefix, arguments: arguments).text
        return (redacted, [(text, redacted)] + replaced)
    }

    /// An error's words with the command as written replaced by its redaction; when they still quote a redacted
    /// argument, they are replaced whole.
    func redactedFailure(_ error: CommandError, of text: String) -> String {
        let replaced = redactingCommand(text).replaced
        guard let (original, redacted) = replaced.first else { return "\(error)" }
        let words = "\(error)".replacingOccurrences(of: original, with: redacted)
        let quotes = replaced.dropFirst().contains { words.contains($0.0) }
        return quotes ? redaction.placeholder(for: words) : words
    }
}
