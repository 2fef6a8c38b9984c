public import Logging

/// Registers actions by identifier and performs and validates them, in elegantchaos/Actions' form — over a
/// Conductor `CommandManager`, ``commands``.
///
/// <!-- not compiled: a fragment: … stands for the app's code -->
/// ```swift
/// let actionManager = ActionManager()
/// actionManager.register([MyAction(identifier: "MyAction"), AnotherAction(identifier: "AnotherAction")])
/// actionManager.perform("MyAction")
/// actionManager.perform(identifier: "button.MyAction(\"color\": \"red\")") { result in … }
/// ```
///
/// As in the seed, ``perform(identifier:info:completion:)`` runs synchronously up to the action's own completion,
/// does not validate first, and tells the notifications registered with
/// ``registerNotification(for:key:notification:)`` and in the info. Unlike the seed, nothing is dropped in silence:
/// an identifier that names no action completes with its `CommandError` and is logged through ``logger``.
///
/// The manager is a main-thread object, as the seed's was, and is not isolated: code that is not on the main actor —
/// XCTest cases, app delegates, view controllers written before strict concurrency — creates, subclasses and calls it
/// as before. Its work runs on the main thread, where ``commands`` lives: a call made on another thread is logged
/// (swift-log, label `Conductor.Actions`) and runs on the main thread while the calling thread waits.
open class ActionManager {
    /// The Conductor manager the actions are registered with, each as a `Command`: perform them with
    /// `commands.perform(identifier:)` to get validation, `CommandObserver`s and async errors. It lives on the main
    /// actor.
    public let commands: CommandManager
    /// Where the manager logs what it could not do — the seed's `actionChannel`.
    public var logger: Logger
    var notifications: [ActionNotification] = []

    /// Creates a manager over a new `CommandManager`, as the seed's `ActionManager()`. The one designated
    /// initializer, as in the seed, so a subclass's own `init` calls it implicitly.
    public init() {
        commands = MainThread.run(nil) { MainActor.assumeIsolated { CommandManager() } }
        logger = Logger(label: "Conductor.Actions")
    }

    /// Creates a manager over `commands`.
    public convenience init(commands: CommandManager, logger: Logger = Logger(label: "Conductor.Actions")) {
        self.init(commands: commands, logger: logger, designated: ())
    }

    private init(commands: CommandManager, logger: Logger, designated: Void) {
        self.commands = commands
        self.logger = logger
    }

    /// Registers actions under their identifiers. As in the seed, a later action replaces an earlier one of the same
    /// identifier (and the replacement is logged); an identifier Conductor cannot parse is logged and skipped.
    public func register(_ actionsToRegister: [Action]) {
        let commands = self.commands
        MainThread.run("register(_:)") {
            let manager = WeakOnMainThread(value: self)
            for action in actionsToRegister {
                let identifier = action.identifier
                let seed = OnMainThread(value: action)
                let outcome = MainActor.assumeIsolated { () -> Result<Bool, CommandError> in
                    // The seed took any identifier; one Conductor cannot register is logged and skipped.
                    let parsed: CommandIdentifier
                    do throws(CommandIdentifierError) { parsed = try CommandIdentifier(parsing: identifier) } catch {
                        return .failure(.malformedIdentifier(error))
                    }
                    guard parsed.prefix.isEmpty, parsed.argumentKeys.isEmpty else {
                        let error = CommandIdentifierError(.unexpectedCharacter("."), at: 0, in: identifier)
                        return .failure(.malformedIdentifier(error))
                    }
                    let replaced = commands.unregister(identifier)
                    commands.register(SeedCommand(action: seed, manager: manager))
                    return .success(replaced)
                }
                switch outcome {
                case .success(true):
                    logger.notice("Multiple actions being registered with the id \(identifier); the last one wins.")
                case .success(false):
                    break
                case .failure(let error):
                    logger.error("Action \(type(of: action)) was not registered: \(error)")
                }
            }
        }
    }

    /// Calls `notification` at each stage of every perform of the action `action`, or of every action when it is
    /// empty. Notifications registered under a different `key` live in an info; see
    /// ``ActionInfo/registerNotification(for:key:notification:)``.
    public func registerNotification(
        for action: String = "",
        key: ActionKey = .notification,
        notification: @escaping ActionNotificationCallback
    ) {
        MainThread.run("registerNotification(for:key:notification:)") {
            notifications.append(ActionNotification(action: action, callback: notification))
        }
    }

    // MARK: Responder chain

    /// The responder chains to gather context from for `item`: the item itself when it is an ``ActionResponder``.
    /// Override to add the key window's chain, as the seed's platform managers did.
    open func responderChains(for item: Any) -> [any ActionResponder] {
        if let responder = item as? any ActionResponder { return [responder] }
        return []
    }

    /// The providers to gather context from, each once: `item` when it is one, then each chain's providers in order.
    open func providers(for item: Any) -> [any ActionContextProvider] {
        var result: [any ActionContextProvider] = []
        func add(_ provider: any ActionContextProvider) {
            if !result.contains(where: { $0.identicalTo(other: provider) }) { result.append(provider) }
        }
        if let provider = item as? any ActionContextProvider { add(provider) }
        for chain in responderChains(for: item) {
            var responder: (any ActionResponder)? = chain
            var steps = 0
            while let current = responder, steps < 10_000 {
                if let provider = current as? any ActionContextProvider { add(provider) }
                responder = current.next()
                steps += 1
            }
        }
        return result
    }

    // MARK: Performing

    /// Performs the action an identifier names: `MyAction`, `menu.MyAction`, `MyAction("color": "red")`.
    /// - Parameters:
    ///   - identifier: The action's identifier, with an optional prefix and arguments.
    ///   - info: Values for the action; the identifier's arguments and the providers' values are added to it.
    ///   - completion: Called on the main thread with the action's result, or with a `CommandError` when no action
    ///     is registered for the identifier.
    public func perform(identifier: String, info: ActionInfo = ActionInfo(), completion: Action.Completion? = nil) {
        MainThread.run("perform(identifier:info:completion:)") {
            let context: ActionContext
            switch resolve(identifier, info: info) {
            case .success(let resolved):
                context = resolved
            case .failure(let error):
                logger.notice("\(error)")
                completion?(.failure(error))
                return
            }
            logger.debug("performing \(context.action.identifier)")
            ActionManager.performSeed(context, notifications: notifications, logger: logger) { completion?($0) }
        }
    }

    /// Performs the action named `identifier`: the seed README's `actionManager.perform("MyAction")`.
    public func perform(_ identifier: String) { perform(identifier: identifier) }

    /// Performs the action a user-interface item names through ``ActionIdentification``, with the item as sender.
    /// An item that names no action is logged.
    public func perform(_ sender: Any) {
        guard let identifier = (sender as? any ActionIdentification)?.actionID else {
            logger.notice("couldn't identify action for \(sender): it is not an ActionIdentification")
            return
        }
        perform(identifier: identifier, info: ActionInfo(sender: sender))
    }

    // MARK: Validating

    /// Validates the action a user-interface item names. An item that names no action is logged and, as in the
    /// seed, validates as enabled, under the identifier `<unknown>`.
    public func validate(_ item: Any) -> Action.Validation {
        guard let identifier = (item as? any ActionIdentification)?.actionID else {
            logger.notice("couldn't identify action for \(item): it is not an ActionIdentification")
            return Action.Validation(identifier: "<unknown>")
        }
        return validate(identifier: identifier, info: ActionInfo(sender: item))
    }

    /// Validates the action an identifier names, with the context gathered as for a perform; ineligible when no
    /// action is registered for it. ``ActionKey/skipValidation`` in the info makes it active without asking it.
    public func validate(identifier: String, info: ActionInfo = ActionInfo()) -> Action.Validation {
        MainThread.run("validate(identifier:info:)") { () -> Action.Validation in
            switch resolve(identifier, info: info) {
            case .success(let context):
                if context.flag(key: .skipValidation) { return Action.Validation(identifier: identifier) }
                return context.action.validate(context: context)
            case .failure(let error):
                logger.debug("\(error)")
                return Action.Validation(identifier: identifier, state: .ineligable)
            }
        }
    }

    /// Validates each identifier and passes it with its validation to `builder`, in order: for building menus.
    public func buildItems<T>(
        forActions actions: [String],
        withInfo info: ActionInfo,
        builder: (String, Action.Validation) -> T
    ) -> [T] {
        actions.map { identifier in builder(identifier, validate(identifier: identifier, info: info)) }
    }

    // MARK: Internals

    /// Finds the action through Conductor's manager and gathers its context: arguments into the info, then the
    /// providers for the sender. Called on the main thread.
    func resolve(_ identifier: String, info: ActionInfo) -> Result<ActionContext, CommandError> {
        let commands = self.commands
        let found = MainActor.assumeIsolated { () -> Result<Resolution, CommandError> in
            do throws(CommandError) {
                let (command, commandContext) = try commands.resolve(identifier: identifier)
                guard let seed = command as? SeedCommand else {
                    throw .unknownCommand(identifier: commandContext.identifier, known: commands.registeredIdentifiers)
                }
                return .success(Resolution(command: seed, context: commandContext))
            } catch {
                return .failure(error)
            }
        }
        return found.map { resolution in
            context(for: resolution.command.action.value, identifier: identifier, info: info, resolution: resolution)
        }
    }

    /// A context for `action`, with the identifier's arguments in `info` and the providers' values gathered.
    func context(for action: Action, identifier: String, info: ActionInfo, resolution: Resolution) -> ActionContext {
        for (key, value) in resolution.arguments { info[ActionKey(key)] = value.anyValue }
        if info[.actionComponents] == nil, !resolution.prefix.isEmpty {
            info[.actionComponents] = resolution.prefix
        }
        let context = ActionContext(
            manager: self, action: action, identifier: identifier, info: info, commandContext: resolution.context)
        for provider in providers(for: context.sender) { provider.provide(context: context) }
        return context
    }

    /// Performs `context.action`, telling the notifications, then passes its result to `finish` — once, on the main
    /// thread, whichever thread the action completes on. A second completion is logged and ignored.
    static func performSeed(
        _ context: ActionContext,
        notifications: [ActionNotification],
        logger: Logger,
        finish: @escaping (Action.Result) -> Void
    ) {
        context.notify(stage: .willPerform, global: notifications)
        var finished = false
        context.action.perform(context: context) { result in
            MainThread.run(nil) {
                guard !finished else {
                    logger.error(
                        "Action \(context.action.identifier) called its completion twice; the second was ignored.")
                    return
                }
                finished = true
                switch result {
                case .success: context.notify(stage: .didPerform, global: notifications)
                case .failure(let error): context.notify(stage: .didFail(error), global: notifications)
                }
                finish(result)
            }
        }
    }
}

extension CommandValue {
    /// The value as the seed's JSON arguments held it: `String`, `Int`, `Double` or `Bool`.
    var anyValue: Any {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        }
    }
}
