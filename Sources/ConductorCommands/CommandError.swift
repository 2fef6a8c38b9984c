/// Why a command could not be registered, validated or performed, naming the identifier involved.
public enum CommandError: Error, Sendable, CustomStringConvertible {
    /// The identifier is malformed.
    case malformedIdentifier(CommandIdentifierError)
    /// A command is already registered under the name.
    case duplicateIdentifier(String)
    /// No command is registered under the identifier's name; `known` lists the names that are.
    case unknownCommand(identifier: String, known: [String])
    /// Validation did not allow the command: it is ineligible or inactive here.
    case notAllowed(identifier: String, state: CommandValidation.State, reason: String?)
    /// A context provider threw.
    case providerFailed(identifier: String, provider: String, error: any Error)
    /// The command threw.
    case failed(identifier: String, error: any Error)
    /// The command's task was cancelled.
    case cancelled(identifier: String)
    /// A delegated command found no command to delegate to.
    case missingDelegate(identifier: String)
    /// The context lacks an argument the command needs.
    case missingArgument(identifier: String, key: String)
    /// An argument has the wrong type.
    case invalidArgument(identifier: String, key: String, value: String, expected: String)
    /// There is nothing to undo or redo.
    case nothingToUndo(operation: String)

    /// Says what went wrong, for which identifier, and what to do.
    public var description: String {
        switch self {
        case .malformedIdentifier(let error): return error.description
        case .duplicateIdentifier(let name):
            return "A command is already registered as '\(name)'. Unregister it first, or register this one under "
                + "another identifier."
        case .unknownCommand(let identifier, let known):
            return "No command is registered for '\(identifier)'. Known commands: "
                + (known.isEmpty ? "none" : known.joined(separator: ", ")) + "."
        case .notAllowed(let identifier, let state, let reason):
            let why = reason.map { ": \($0)" } ?? ""
            return "Command '\(identifier)' is \(state == .ineligible ? "not available" : "disabled") here\(why). "
                + "Validate before performing, or set skipValidation in the context."
        case .providerFailed(let identifier, let provider, let error):
            return "Context provider \(provider) failed while preparing '\(identifier)': \(error)."
        case .failed(let identifier, let error): return "Command '\(identifier)' failed: \(error)."
        case .cancelled(let identifier): return "Command '\(identifier)' was cancelled."
        case .missingDelegate(let identifier):
            return "Delegated command '\(identifier)' found no command to delegate to in this context."
        case .missingArgument(let identifier, let key):
            return "Command '\(identifier)' needs argument '\(key)'; write it as \(identifier)(\(key): …)."
        case .invalidArgument(let identifier, let key, let value, let expected):
            return "Argument '\(key)' of '\(identifier)' is \(value), which is not \(expected)."
        case .nothingToUndo(let operation): return "There is nothing to \(operation)."
        }
    }
}
