/// Everything a command needs to perform: who sent it, the arguments of its identifier, and what the responder
/// chain's providers filled in.
///
/// String keys hold the identifier's arguments (``subscript(_:)-(String)``); typed keys (``CommandKey``) hold
/// whatever providers and callers put there. Lists under a typed key collect values from several providers, as the
/// seed's observer pattern does:
///
/// ```swift
/// // A provider:
/// func provide(context: CommandContext) { context.append(self, to: .renameObservers) }
/// // The command:
/// context.forEach(.renameObservers) { observer in observer.didRename(to: name) }
/// ```
@MainActor
public final class CommandContext {
    /// The object that asked for the command — a menu item, a button, a key binding — if any.
    public let sender: AnyObject?
    /// The manager performing or validating the command.
    public unowned let manager: CommandManager
    /// The identifier as written, with its prefix and arguments.
    public let identifier: CommandIdentifier
    /// The identifier's arguments, which callers and providers may add to.
    public private(set) var arguments: [String: CommandValue]
    /// Observers that hear about this one perform, added by providers.
    package private(set) var observers: [any CommandObserver] = []

    /// Values under typed keys, by key name.
    private(set) var values: [String: Any] = [:]
    /// Whether ``arguments`` may differ from the identifier's own: until one is set, the identifier answers
    /// ``skipValidation`` without a lookup.
    private var argumentsChanged = false

    init(sender: AnyObject?, manager: CommandManager, identifier: CommandIdentifier) {
        self.sender = sender
        self.manager = manager
        self.identifier = identifier
        self.arguments = identifier.arguments
    }

    /// The names of the typed values providers and callers put in the context (``CommandKey``s), sorted: what a
    /// tool shows of a context whose values it cannot print.
    public var valueKeys: [String] { values.keys.sorted() }

    /// An argument by string key, from the identifier or added since.
    public subscript(_ key: String) -> CommandValue? {
        get { arguments[key] }
        set {
            arguments[key] = newValue
            argumentsChanged = true
        }
    }

    /// A value by typed key.
    public subscript<Value>(_ key: CommandKey<Value>) -> Value? {
        get { values[key.name] as? Value }
        set { values[key.name] = newValue }
    }

    /// Whether the manager skips validation before performing: ``CommandKey/skipValidation`` set by a provider, or
    /// `"skipValidation": true` passed in `info` (the seed's `info["skipValidation"]`).
    public var skipValidation: Bool {
        if !values.isEmpty, let skip = self[.skipValidation] { return skip }
        guard argumentsChanged else { return identifier.skipsValidation }
        return arguments.isEmpty ? false : arguments["skipValidation"]?.boolValue ?? false
    }

    /// The undo stack commands register their inverses with: the context's ``CommandKey/undoStack`` entry, else the
    /// manager's.
    public var undoStack: UndoStack? { self[.undoStack] ?? manager.undoStack }

    /// Appends a value to the list under `key`.
    public func append<Element>(_ value: Element, to key: CommandKey<[Element]>) {
        var list = self[key] ?? []
        list.append(value)
        self[key] = list
    }

    /// Calls `body` with each value in the list under `key`, in the order appended.
    public func forEach<Element>(_ key: CommandKey<[Element]>, _ body: (Element) throws -> Void) rethrows {
        for value in self[key] ?? [] { try body(value) }
    }

    /// Adds an observer that hears about this perform only.
    public func addObserver(_ observer: any CommandObserver) { observers.append(observer) }

    /// A string argument.
    /// - Throws: `CommandError.missingArgument(identifier:key:)` when it is absent.
    public func string(_ key: String) throws(CommandError) -> String {
        guard let value = arguments[key] else { throw .missingArgument(identifier: identifier, key: key) }
        return value.stringValue
    }

    /// An integer argument.
    /// - Throws: `CommandError.missingArgument(identifier:key:)` or
    ///   `CommandError.invalidArgument(identifier:key:value:expected:)`.
    public func int(_ key: String) throws(CommandError) -> Int {
        guard let value = arguments[key] else { throw .missingArgument(identifier: identifier, key: key) }
        guard let int = value.intValue else {
            throw .invalidArgument(
                identifier: identifier, key: key, value: value.description, expected: "an integer")
        }
        return int
    }

    /// A Boolean argument.
    /// - Throws: `CommandError.missingArgument(identifier:key:)` or
    ///   `CommandError.invalidArgument(identifier:key:value:expected:)`.
    public func bool(_ key: String) throws(CommandError) -> Bool {
        guard let value = arguments[key] else { throw .missingArgument(identifier: identifier, key: key) }
        guard let bool = value.boolValue else {
            throw .invalidArgument(
                identifier: identifier, key: key, value: value.description, expected: "true or false")
        }
        return bool
    }
}
