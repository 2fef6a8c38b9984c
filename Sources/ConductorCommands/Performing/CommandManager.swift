internal import IssueReporting
public import Observation

/// Registers commands by identifier, and validates and performs them with a context filled in along a responder
/// chain.
///
/// ```swift
/// let manager = CommandManager()
/// manager.register(OpenCommand())
/// manager.validate(identifier: "menu.Open(id: 3)").isEnabled            // for a menu item
/// try await manager.perform(identifier: "menu.Open(id: 3)", sender: menuItem)
/// ```
///
/// Performing parses the identifier, finds the command by name (ignoring the dotted prefix), builds a
/// ``CommandContext`` — the identifier's arguments, then `info`, then each ``CommandContextProvider`` along the
/// responder chain from the sender, each once, in chain order, then ``rootProviders`` — validates it (unless
/// ``CommandKey/skipValidation`` is set), notifies observers (`willPerform`), performs, and notifies again
/// (`didPerform`, or `didFail` with the error). Every failure is a ``CommandError`` that names the identifier.
///
/// The manager is `Observable`: a SwiftUI view (or `withObservationTracking`) that validated an identifier or listed
/// the commands is invalidated when a command is registered or unregistered, so menus and buttons refresh.
@MainActor
public final class CommandManager: Observable {
    /// One item for a menu or toolbar: the identifier and how to show it.
    public struct Item: Sendable {
        /// The identifier as given.
        public let identifier: String
        /// How to show it: title, enabled, visible, icon.
        public let validation: CommandValidation
    }

    /// The undo stack that commands register inverses with, and that the `Undo` and `Redo` commands use.
    public let undoStack: UndoStack?
    /// Providers consulted after the responder chain, for app-wide context such as the current document.
    public var rootProviders: [any CommandContextProvider] = []
    /// Lists the objects of the responder chain from a sender (`nil` when none is given), nearest first. By default
    /// it follows ``CommandResponder/nextCommandResponder``; AppKit and UIKit glue, or the coordinator tree, can
    /// supply their own chain.
    public var responderChain: @MainActor (AnyObject?) -> [AnyObject] = CommandManager.defaultChain

    /// What runs around each command performed — after it was resolved, its context filled and it was validated —
    /// in order, the first outermost: timing, logging, analytics, a tool. Each calls `next` to let the command run.
    /// Empty by default; with none, a perform costs one check.
    public var middlewares: [any CommandMiddleware] = []

    private var commands: [String: any Command] = [:]
    /// The observers, held weakly: whoever added one keeps it (a tool released stops observing).
    private var heldObservers: [HeldObserver] = []
    /// The observations, which the manager keeps until they are cancelled.
    private var keptObservers: [any CommandObserver] = []
    private let registrar = ObservationRegistrar()

    /// Creates a manager.
    /// - Parameter undoStack: The undo stack for commands that can be undone; a new one by default, `nil` for none.
    public init(undoStack: UndoStack? = UndoStack()) {
        self.undoStack = undoStack
    }

    /// Tells the views that validated an identifier or listed the commands that the responder chain changed (the
    /// flow the user sees is another one), so menus and buttons validate again. The Conductor module's
    /// `followCoordinators(from:platformChain:)` calls it when the coordinator tree's active path changes; call it
    /// when a chain of your own changes.
    public func responderChainDidChange() {
        registrar.withMutation(of: self, keyPath: \.registeredIdentifiers) {}
    }

    // MARK: Registering

    /// Registers a command under its own ``Command/identifier`` or under `identifier`.
    ///
    /// One command object may be registered under several identifiers. A name that is taken, or that is not a
    /// command name (`Open`, not `menu.Open` or `Open(id: 3)`), is a mistake in the program: it is reported
    /// (IssueReporting's `reportIssue`: a runtime warning in the app, a failure in tests) and the command is not
    /// registered.
    /// - Returns: Whether the command was registered.
    @discardableResult
    public func register(_ command: any Command, as identifier: String? = nil) -> Bool {
        let name = identifier ?? command.identifier
        let parsed: CommandIdentifier
        do { parsed = try CommandIdentifier(parsing: name) } catch {
            reportIssue("\(error.description) Register the command under a name such as 'Open'.")
            return false
        }
        guard parsed.prefix.isEmpty, parsed.argumentKeys.isEmpty else {
            reportIssue(
                "'\(name.messageExcerpt)' is not a command name: register the command under its name alone "
                    + "('\(parsed.name.messageExcerpt)'); a prefix and arguments belong to the identifiers that invoke it."
            )
            return false
        }
        guard commands[name] == nil else {
            reportIssue(CommandError.duplicateIdentifier(name).description)
            return false
        }
        registrar.withMutation(of: self, keyPath: \.registeredIdentifiers) {
            commands[name] = command
        }
        return true
    }

    /// Registers several commands under their own identifiers; each that cannot be registered is reported.
    public func register(_ commands: [any Command]) {
        for command in commands { register(command) }
    }

    /// Removes the command registered under `identifier`; returns whether there was one.
    @discardableResult
    public func unregister(_ identifier: String) -> Bool {
        guard commands[identifier] != nil else { return false }
        registrar.withMutation(of: self, keyPath: \.registeredIdentifiers) {
            commands[identifier] = nil
        }
        return true
    }

    /// The names commands are registered under, sorted.
    package var registeredIdentifiers: [String] {
        registrar.access(self, keyPath: \.registeredIdentifiers)
        return commands.keys.sorted()
    }

    /// The names of the commands that apply from `sender`: those the responder chain's ``CommandSupplier``s offer,
    /// then the registered ones, sorted, each once. For menus and help: validate each with
    /// ``buildItems(for:info:sender:builder:)``.
    public func availableIdentifiers(sender: AnyObject? = nil) -> [String] {
        registrar.access(self, keyPath: \.registeredIdentifiers)
        var names = Set(commands.keys)
        for case let supplier as any CommandSupplier in responderChain(sender) {
            names.formUnion(supplier.suppliedCommands.keys)
        }
        return names.sorted()
    }

    /// The command registered under a name, if any.
    package func command(named name: String) -> (any Command)? {
        registrar.access(self, keyPath: \.registeredIdentifiers)
        return commands[name]
    }

    // MARK: Observers

    /// Adds an observer of every command this manager performs, until ``removeObserver(_:)`` or until it is gone: it
    /// is held weakly, as every observer of the library is (`Causes.addObserver(_:)`), so keep it for as long as
    /// it should observe — a logger in a property of the app. Adding it twice adds it once.
    public func addObserver(_ observer: any CommandObserver) {
        heldObservers.removeAll { $0.observer == nil }
        guard !heldObservers.contains(where: { $0.observer === observer }) else { return }
        heldObservers.append(HeldObserver(observer: observer))
    }

    /// Removes an observer added with ``addObserver(_:)``: a logger or an analytics tap that stops.
    public func removeObserver(_ observer: any CommandObserver) {
        heldObservers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Keeps an observer until ``stopKeeping(_:)`` and adds it: an observation (``observe(_:_:)``), whose lifetime
    /// its `cancel()` decides, not whoever holds its token.
    func keep(_ observer: any CommandObserver) {
        keptObservers.append(observer)
        addObserver(observer)
    }

    /// Removes an observer kept with ``keep(_:)``, and lets it go.
    func stopKeeping(_ observer: any CommandObserver) {
        keptObservers.removeAll { $0 === observer }
        removeObserver(observer)
    }

    /// Calls `body` with each live observer, in the order added.
    private func forEachObserver(_ body: (any CommandObserver) -> Void) {
        for held in heldObservers {
            if let observer = held.observer { body(observer) }
        }
    }

    // MARK: Validating

    /// Says how to show a command for a context; never performs anything.
    ///
    /// A malformed or unknown identifier, or a provider that throws, yields an ineligible validation whose
    /// ``CommandValidation/reason`` says why. ``CommandKey/skipValidation`` makes any known command active.
    public func validate(
        identifier: String,
        info: [String: CommandValue] = [:],
        sender: AnyObject? = nil
    ) -> CommandValidation {
        do {
            return validate(try parse(identifier), info: info, sender: sender)
        } catch {
            // A malformed identifier tells no observer: it has no parsed form to give them.
            return .ineligible(reason: error.description)
        }
    }

    /// Says how to show the command an identifier value names; never performs anything. As
    /// ``validate(identifier:info:sender:)``, without reading any text.
    public func validate(
        _ identifier: CommandIdentifier,
        info: [String: CommandValue] = [:],
        sender: AnyObject? = nil
    ) -> CommandValidation {
        let validation: CommandValidation
        var context: CommandContext?
        do {
            let (command, resolved) = try resolve(identifier, info: info, sender: sender)
            context = resolved
            validation =
                resolved.skipValidation ? .active(title: command.identifier) : command.validate(context: resolved)
        } catch {
            validation = .ineligible(reason: error.description)
        }
        forEachObserver { $0.commandDidValidate(identifier, context: context, validation: validation) }
        return validation
    }

    /// Validates the command a sender asks for, with the sender at the start of the responder chain.
    package func validate(_ sender: any CommandSender) -> CommandValidation {
        validate(identifier: sender.commandIdentifier, sender: sender)
    }

    /// Validates each identifier and passes the visible ones to `builder`, in order: for building menus.
    public func buildItems(
        for identifiers: [String],
        info: [String: CommandValue] = [:],
        sender: AnyObject? = nil,
        builder: (Item) throws -> Void
    ) rethrows {
        for identifier in identifiers {
            let validation = validate(identifier: identifier, info: info, sender: sender)
            if validation.isVisible { try builder(Item(identifier: identifier, validation: validation)) }
        }
    }

    // MARK: Performing

    /// Performs the command an identifier names, parsing its text first.
    /// - Parameters:
    ///   - identifier: Such as `menu.Open("id": "3")`.
    ///   - info: Arguments to add to the identifier's own.
    ///   - sender: Where the responder chain starts.
    ///   - fileID: Where it is performed from, the caller's file by default: the location of the `Cause` it
    ///     begins, while anything observes causes (`Causes`).
    ///   - line: The line it is performed from.
    /// - Throws: ``CommandError``: a malformed or unknown identifier, a provider or the command failing, validation
    ///   not allowing it, or cancellation.
    public func perform(
        identifier: String,
        info: [String: CommandValue] = [:],
        sender: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) async throws(CommandError) {
        try await perform(try parse(identifier), info: info, sender: sender, fileID: fileID, line: line)
    }

    /// Performs the command an identifier value names: for input that is already structured, such as a prompt's
    /// words or a key binding built in code. Its text is never read; errors carry the value.
    /// - Parameters:
    ///   - identifier: The command and its arguments.
    ///   - info: Arguments to add to the identifier's own.
    ///   - sender: Where the responder chain starts.
    ///   - fileID: Where it is performed from, the caller's file by default: the location of the `Cause` it
    ///     begins, while anything observes causes (`Causes`).
    ///   - line: The line it is performed from.
    /// - Throws: As ``perform(identifier:info:sender:fileID:line:)``, but never for a malformed identifier.
    public func perform(
        _ identifier: CommandIdentifier,
        info: [String: CommandValue] = [:],
        sender: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) async throws(CommandError) {
        let command: any Command
        let context: CommandContext
        do {
            (command, context) = try resolve(identifier, info: info, sender: sender)
        } catch {
            notifyFailure(identifier, nil, error)
            throw error
        }
        if !context.skipValidation {
            let validation = command.validate(context: context)
            if validation.state != .active, let delegated = command as? DelegatedCommand,
                !delegated.hasDelegate(context)
            {
                let error = CommandError.missingDelegate(identifier: identifier)
                notifyFailure(identifier, context, error)
                throw error
            }
            guard validation.state == .active, validation.isEnabled else {
                let error = CommandError.notAllowed(
                    identifier: identifier,
                    state: validation.state == .active ? .inactive : validation.state,
                    reason: validation.reason
                )
                notifyFailure(identifier, context, error)
                throw error
            }
        }
        notify(context) { $0.commandWillPerform(identifier, context: context) }
        func performing() async throws(CommandError) {
            try await throughMiddlewares(identifier, context) { () async throws(CommandError) in
                try await run(command, identifier, context)
            }
        }
        // Checked here, so that no closure for the cause's text is made while no one observes causes.
        guard Causes.observesCommands else { return try await performing() }
        try await Causes.run(.command, identifier.text, location: "\(fileID):\(line)") {
            () async throws(CommandError) in try await performing()
        }
    }

    /// Runs `body` inside the ``middlewares``, the first outermost.
    private func throughMiddlewares(
        _ identifier: CommandIdentifier, _ context: CommandContext, _ body: () async throws(CommandError) -> Void
    ) async throws(CommandError) {
        guard !middlewares.isEmpty else { return try await body() }
        let chain = middlewares
        func step(_ index: Int) async throws(CommandError) {
            guard index < chain.count else { return try await body() }
            try await chain[index].perform(identifier, context: context) { () async throws(CommandError) in
                try await step(index + 1)
            }
        }
        try await step(0)
    }

    /// Performs a resolved, allowed command and tells the observers how it went.
    private func run(_ command: any Command, _ identifier: CommandIdentifier, _ context: CommandContext)
        async throws(CommandError)
    {
        do {
            try await command.perform(context: context)
        } catch {
            let failure: CommandError
            switch error {
            case let error as CommandError: failure = error
            case is CancellationError: failure = .cancelled(identifier: identifier)
            default: failure = .failed(identifier: identifier, error: error)
            }
            notifyFailure(identifier, context, failure)
            throw failure
        }
        notify(context) { $0.commandDidPerform(identifier, context: context) }
    }

    /// Performs the command a sender asks for, with the sender at the start of the responder chain.
    /// - Throws: As ``perform(identifier:info:sender:fileID:line:)``.
    package func perform(_ sender: any CommandSender) async throws(CommandError) {
        try await perform(identifier: sender.commandIdentifier, sender: sender)
    }

    // MARK: Resolving

    /// Finds the command an identifier names and fills its context — the identifier's arguments, `info`, then
    /// `provide`, then the responder chain's providers and ``rootProviders`` — without validating or performing.
    ///
    /// For code that performs commands its own way, such as a synchronous bridge or an inspector showing what a key
    /// binding would do. ``perform(_:info:sender:fileID:line:)`` is this, then validation, observers and the command.
    /// - Parameters:
    ///   - identifier: Such as `menu.Open("id": "3")`.
    ///   - info: Arguments to add to the identifier's own.
    ///   - sender: Where the responder chain starts.
    ///   - provide: Fills the context first, before any provider: values only the call site knows.
    /// - Throws: ``CommandError`` for an unknown command or a provider that throws.
    package func resolve(
        _ identifier: CommandIdentifier,
        info: [String: CommandValue] = [:],
        sender: AnyObject? = nil,
        provide: ((CommandContext) throws -> Void)? = nil
    ) throws(CommandError) -> (command: any Command, context: CommandContext) {
        // What an identifier finds depends on the registrations: a view that validates it is invalidated when they
        // change.
        registrar.access(self, keyPath: \.registeredIdentifiers)
        let responders = responderChain(sender)
        let supplied = responders.lazy.compactMap { ($0 as? any CommandSupplier)?.suppliedCommands[identifier.name] }
            .first
        guard let command = supplied ?? commands[identifier.name] else {
            throw .unknownCommand(identifier: identifier, known: availableIdentifiers(sender: sender))
        }
        let context = CommandContext(sender: sender, manager: self, identifier: identifier)
        for (key, value) in info { context[key] = value }
        if let provide {
            do { try provide(context) } catch {
                throw .providerFailed(identifier: identifier, provider: "the caller's provide closure", error: error)
            }
        }
        let providers = responders.compactMap { $0 as? any CommandContextProvider } + rootProviders
        var seen: Set<ObjectIdentifier> = []
        for provider in providers where seen.insert(ObjectIdentifier(provider)).inserted {
            do { try provider.provide(context: context) } catch {
                throw .providerFailed(
                    identifier: identifier,
                    provider: String(describing: type(of: provider)),
                    error: error
                )
            }
        }
        return (command, context)
    }

    /// As `resolve(_:info:sender:provide:)`, parsing the identifier's text first.
    /// - Throws: ``CommandError`` for a malformed or unknown identifier or a provider that throws.
    public func resolve(
        identifier: String,
        info: [String: CommandValue] = [:],
        sender: AnyObject? = nil,
        provide: ((CommandContext) throws -> Void)? = nil
    ) throws(CommandError) -> (command: any Command, context: CommandContext) {
        try resolve(try parse(identifier), info: info, sender: sender, provide: provide)
    }

    private func parse(_ text: String) throws(CommandError) -> CommandIdentifier {
        do { return try CommandIdentifier(parsing: text) } catch { throw .malformedIdentifier(error) }
    }

    private func notify(_ context: CommandContext, _ body: (any CommandObserver) -> Void) {
        if heldObservers.isEmpty && context.observers.isEmpty { return }
        forEachObserver(body)
        for observer in context.observers { body(observer) }
    }

    private func notifyFailure(_ identifier: CommandIdentifier, _ context: CommandContext?, _ error: CommandError) {
        forEachObserver { $0.commandDidFail(identifier, context: context, error: error) }
        for observer in context?.observers ?? [] { observer.commandDidFail(identifier, context: context, error: error) }
    }

    /// The sender, then each ``CommandResponder/nextCommandResponder`` in turn; stops at a cycle.
    public static func defaultChain(from sender: AnyObject?) -> [AnyObject] {
        guard let sender else { return [] }
        var chain: [AnyObject] = [sender]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(sender)]
        var next = (sender as? any CommandResponder)?.nextCommandResponder
        while let responder = next, seen.insert(ObjectIdentifier(responder)).inserted {
            chain.append(responder)
            next = responder.nextCommandResponder
        }
        return chain
    }
}

/// An observer of a command manager, held weakly.
private struct HeldObserver {
    weak var observer: (any CommandObserver)?
}
