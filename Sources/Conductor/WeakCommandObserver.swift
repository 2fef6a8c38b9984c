internal import ConductorCommands

/// Observes a command manager for an observer it holds weakly, and takes itself off the manager at the first command
/// after that observer is gone: a tool released without detaching (a flight recorder) is neither kept alive by the
/// manager, which holds its observers strongly, nor left behind.
@MainActor
final class WeakCommandObserver: CommandObserver {
    private weak var observer: (any CommandObserver)?
    private weak var manager: CommandManager?

    /// Adds an observer of `manager` that forwards to `observer` while it lives.
    init(forwardingTo observer: any CommandObserver, on manager: CommandManager?) {
        self.observer = observer
        self.manager = manager
    }

    /// The observer, or `nil` once it is gone (and this one then leaves the manager).
    private var forwarded: (any CommandObserver)? {
        if let observer { return observer }
        manager?.removeObserver(self)
        return nil
    }

    func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        forwarded?.commandWillPerform(identifier, context: context)
    }

    func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        forwarded?.commandDidPerform(identifier, context: context)
    }

    func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {
        forwarded?.commandDidFail(identifier, context: context, error: error)
    }

    func commandDidValidate(_ identifier: CommandIdentifier, context: CommandContext?, validation: CommandValidation) {
        forwarded?.commandDidValidate(identifier, context: context, validation: validation)
    }
}
