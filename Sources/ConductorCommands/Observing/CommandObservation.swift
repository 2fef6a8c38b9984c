/// A closure that hears about performs of one command, or of all, registered with
/// ``CommandManager/observe(_:_:)``; ``cancel()`` stops it.
///
/// The manager keeps the observation until it is cancelled, so keep the returned object only to cancel it:
///
/// ```swift
/// let saves = manager.observe("Save") { event in
///     if case .didPerform = event { statusBar.show("Saved") }
/// }
/// manager.observe { event in analytics.record(event.identifier.name) }   // every command
/// saves.cancel()
/// ```
@MainActor
public final class CommandObservation {
    /// What the manager calls: it passes the stages to the closure while the observation lasts.
    let relay: Relay
    private weak var manager: CommandManager?

    init(name: String?, manager: CommandManager, handler: @escaping @MainActor (CommandEvent) -> Void) {
        self.relay = Relay(name: name, handler: handler)
        self.manager = manager
    }

    /// Stops the observation; the closure is released.
    public func cancel() {
        relay.handler = nil
        manager?.stopKeeping(relay)
    }

    /// The observer the manager holds: it passes each stage of a matching command to the closure.
    final class Relay: CommandObserver {
        /// The command name heard about, or `nil` for every command.
        let name: String?
        var handler: (@MainActor (CommandEvent) -> Void)?

        init(name: String?, handler: @escaping @MainActor (CommandEvent) -> Void) {
            self.name = name
            self.handler = handler
        }

        func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {
            if matches(identifier) { handler?(.willPerform(context)) }
        }

        func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
            if matches(identifier) { handler?(.didPerform(context)) }
        }

        func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {
            if matches(identifier) { handler?(.didFail(identifier, context, error)) }
        }

        private func matches(_ identifier: CommandIdentifier) -> Bool { name == nil || name == identifier.name }
    }
}

extension CommandManager {
    /// Calls `handler` before and after each perform of the command named `name` (the name without prefix or
    /// arguments: `Open` hears `menu.Open(id: 3)`), and when it fails; with `name` `nil`, of every command.
    /// - Returns: The observation; the manager keeps it until ``CommandObservation/cancel()``.
    @discardableResult
    public func observe(
        _ name: String? = nil,
        _ handler: @escaping @MainActor (CommandEvent) -> Void
    ) -> CommandObservation {
        let observation = CommandObservation(name: name, manager: self, handler: handler)
        keep(observation.relay)
        return observation
    }
}

extension CommandContext {
    /// Calls `handler` for this one perform, when the command's name is `name` (or always, with `nil`): how a
    /// provider asks to hear about the command it is filling the context of.
    public func observe(_ name: String? = nil, _ handler: @escaping @MainActor (CommandEvent) -> Void) {
        addObserver(CommandObservation(name: name, manager: manager, handler: handler).relay)
    }
}
