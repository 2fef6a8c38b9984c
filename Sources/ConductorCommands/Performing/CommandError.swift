/// Why a command could not be registered, validated or performed, naming the identifier involved.
///
/// `CommandError` is a struct with a ``code`` rather than an enum, so that a new kind of failure in a later release
/// does not break a `switch` in your code. Create and compare errors with the static functions, which read like
/// enum cases:
///
/// ```swift
/// do { try await manager.perform(identifier: "Open") } catch {
///     if error.code == .notAllowed { showDisabledHint() }
/// }
/// await #expect(throws: CommandError.missingArgument(identifier: "Open", key: "id")) {
///     try await manager.perform(identifier: "Open")
/// }
/// ```
///
/// Two errors are equal when their codes and details are; underlying errors (``underlyingError``) are compared by
/// type and description, since `any Error` is not `Equatable`.
public struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in later releases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, such as `notAllowed`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// The identifier is malformed.
        public static let malformedIdentifier = Code("malformedIdentifier")
        /// A command is already registered under the name.
        package static let duplicateIdentifier = Code("duplicateIdentifier")
        /// No command is registered under the identifier's name.
        public static let unknownCommand = Code("unknownCommand")
        /// Validation did not allow the command: it is ineligible or inactive here.
        public static let notAllowed = Code("notAllowed")
        /// A context provider threw.
        public static let providerFailed = Code("providerFailed")
        /// The command threw.
        public static let failed = Code("failed")
        /// The command's task was cancelled.
        public static let cancelled = Code("cancelled")
        /// A delegated command found no command to delegate to.
        public static let missingDelegate = Code("missingDelegate")
        /// The context lacks an argument the command needs.
        public static let missingArgument = Code("missingArgument")
        /// An argument has the wrong type.
        public static let invalidArgument = Code("invalidArgument")
        /// There is nothing to undo or redo.
        public static let nothingToUndo = Code("nothingToUndo")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// The identifier involved, as a value: read its ``CommandIdentifier/name`` without parsing (the name alone, for
    /// `Code.duplicateIdentifier`); `nil` for ``Code/malformedIdentifier``, whose `identifierError` quotes the
    /// text, and for ``Code/nothingToUndo``.
    public let identifier: CommandIdentifier?
    /// The argument involved, for ``Code/missingArgument`` and ``Code/invalidArgument``.
    public let key: String?
    /// The argument's value as written, for ``Code/invalidArgument``.
    public let value: String?
    /// What the argument should have been, such as `an integer`, for ``Code/invalidArgument``.
    public let expected: String?
    /// The names of the commands that are registered, for ``Code/unknownCommand``.
    public let known: [String]
    /// How validation judged the command, for ``Code/notAllowed``.
    public let state: CommandValidation.State?
    /// Why validation did not allow the command, when it said.
    public let reason: String?
    /// The type name of the context provider that threw, for ``Code/providerFailed``.
    public let provider: String?
    /// `undo` or `redo`, for ``Code/nothingToUndo``.
    public let operation: String?
    /// Where and why parsing failed, for ``Code/malformedIdentifier``: its kind and position, for an editor that
    /// marks the place.
    public let identifierError: CommandIdentifierError?
    /// What the command or provider threw, for ``Code/failed`` and ``Code/providerFailed``.
    public let underlyingError: (any Error)?

    private init(
        _ code: Code,
        identifier: CommandIdentifier?,
        key: String? = nil,
        value: String? = nil,
        expected: String? = nil,
        known: [String] = [],
        state: CommandValidation.State? = nil,
        reason: String? = nil,
        provider: String? = nil,
        operation: String? = nil,
        identifierError: CommandIdentifierError? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.code = code
        self.identifier = identifier
        self.key = key
        self.value = value
        self.expected = expected
        self.known = known
        self.state = state
        self.reason = reason
        self.provider = provider
        self.operation = operation
        self.identifierError = identifierError
        self.underlyingError = underlyingError
    }

    /// The identifier is malformed; `error` says where and why.
    public static func malformedIdentifier(_ error: CommandIdentifierError) -> Self {
        Self(.malformedIdentifier, identifier: nil, identifierError: error)
    }

    /// A command is already registered under `name`.
    package static func duplicateIdentifier(_ name: String) -> Self {
        Self(.duplicateIdentifier, identifier: CommandIdentifier(name: name))
    }

    /// No command is registered under the identifier's name; `known` lists the names that are.
    public static func unknownCommand(identifier: CommandIdentifier, known: [String]) -> Self {
        Self(.unknownCommand, identifier: identifier, known: known)
    }

    /// Validation did not allow the command.
    public static func notAllowed(identifier: CommandIdentifier, state: CommandValidation.State, reason: String?)
        -> Self
    {
        Self(.notAllowed, identifier: identifier, state: state, reason: reason)
    }

    /// A context provider threw.
    public static func providerFailed(identifier: CommandIdentifier, provider: String, error: any Error) -> Self {
        Self(.providerFailed, identifier: identifier, provider: provider, underlyingError: error)
    }

    /// The command threw `error`.
    public static func failed(identifier: CommandIdentifier, error: any Error) -> Self {
        Self(.failed, identifier: identifier, underlyingError: error)
    }

    /// The command's task was cancelled.
    public static func cancelled(identifier: CommandIdentifier) -> Self { Self(.cancelled, identifier: identifier) }

    /// A delegated command found no command to delegate to.
    public static func missingDelegate(identifier: CommandIdentifier) -> Self {
        Self(.missingDelegate, identifier: identifier)
    }

    /// The context lacks argument `key`.
    public static func missingArgument(identifier: CommandIdentifier, key: String) -> Self {
        Self(.missingArgument, identifier: identifier, key: key)
    }

    /// Argument `key` is `value`, which is not what was `expected`.
    public static func invalidArgument(identifier: CommandIdentifier, key: String, value: String, expected: String)
        -> Self
    {
        Self(.invalidArgument, identifier: identifier, key: key, value: value, expected: expected)
    }

    /// There is nothing to `operation` (undo or redo).
    public static func nothingToUndo(operation: String) -> Self {
        Self(.nothingToUndo, identifier: nil, operation: operation)
    }

    /// Says what went wrong, for which identifier, and what to do. Text that may come from the user — the
    /// identifier, the argument's key and value, the known names — is quoted up to its first 64 Unicode scalars and
    /// `…`, so that a long identifier makes a short message.
    public var description: String {
        let identifier = (self.identifier?.text ?? identifierError?.identifier ?? "").messageExcerpt
        let key = self.key?.messageExcerpt
        let value = self.value?.messageExcerpt
        switch code {
        case .malformedIdentifier: return identifierError?.description ?? "Identifier '\(identifier)' is malformed."
        case .duplicateIdentifier:
            return "A command is already registered as '\(identifier)'. Unregister it first, or register this one "
                + "under another identifier."
        case .unknownCommand:
            return "No command is registered for '\(identifier)'. Known commands: "
                + (known.isEmpty ? "none" : known.map(\.messageExcerpt).joined(separator: ", ")) + "."
        case .notAllowed:
            let why = reason.map { ": \($0)" } ?? ""
            return "Command '\(identifier)' is \(state == .ineligible ? "not available" : "disabled") here\(why). "
                + "Validate before performing, or set skipValidation in the context."
        case .providerFailed:
            return "Context provider \(provider ?? "?") failed while preparing '\(identifier)': \(underlying)."
        case .failed: return "Command '\(identifier)' failed: \(underlying)."
        case .cancelled: return "Command '\(identifier)' was cancelled."
        case .missingDelegate:
            return "Delegated command '\(identifier)' found no command to delegate to in this context."
        case .missingArgument:
            let argument = key ?? ""
            return "Command '\(identifier)' needs argument '\(argument)'; write it as \(identifier)(\(argument): …)."
        case .invalidArgument:
            return "Argument '\(key ?? "")' of '\(identifier)' is \(value ?? ""), which is not \(expected ?? "valid")."
        case .nothingToUndo: return "There is nothing to \(operation ?? "undo")."
        default: return "Command '\(identifier)' failed (\(code))."
        }
    }

    private var underlying: String { underlyingError.map { String(describing: $0) } ?? "unknown error" }

    /// Whether two errors have the same code and details; underlying errors compare by type and description.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.identifier == rhs.identifier && lhs.key == rhs.key && lhs.value == rhs.value
            && lhs.expected == rhs.expected && lhs.known == rhs.known && lhs.state == rhs.state
            && lhs.reason == rhs.reason && lhs.provider == rhs.provider && lhs.operation == rhs.operation
            && lhs.identifierError == rhs.identifierError
            && ErrorIdentity(lhs.underlyingError) == ErrorIdentity(rhs.underlyingError)
    }
}

/// An optional error compared by dynamic type and description: how ``CommandError`` compares the errors it wraps.
private struct ErrorIdentity: Equatable {
    let type: ObjectIdentifier?
    let text: String?

    init(_ error: (any Error)?) {
        type = error.map { ObjectIdentifier(Swift.type(of: $0)) }
        text = error.map { String(describing: $0) }
    }
}
