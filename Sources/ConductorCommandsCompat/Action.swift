internal import Foundation

/// A command in elegantchaos/Actions' form: a class whose instances are registered by identifier, validated and
/// performed with an ``ActionContext``.
///
/// ```swift
/// class MyAction: Action {
///     override func perform(context: ActionContext) {
///         // do stuff here
///     }
/// }
/// actionManager.register([MyAction(identifier: "MyAction")])
/// ```
///
/// Each registered action is also a Conductor `Command` under its ``identifier``, so
/// `CommandManager.perform(identifier:)` on ``ActionManager/commands`` performs it too.
///
/// An action is a main-thread object, as the seed's were: the manager validates and performs it on the main thread.
/// The class is not isolated, so a subclass's own properties can be read from any code, as the seed's tests read
/// them.
open class Action {
    /// Whether an action applies — the seed's spelling of `CommandValidation.State`.
    public enum State: Sendable, Equatable {
        /// Not available here: hidden from menus.
        case ineligable
        /// Shown, but disabled.
        case inactive
        /// Shown and enabled.
        case active
    }

    /// The outcome of a perform.
    public typealias Result = Swift.Result<Void, any Error>
    /// Called once when a perform has finished — from any thread, as the seed allowed; the manager finishes the
    /// perform (notifications, the caller's completion) on the main thread.
    public typealias Completion = (Result) -> Void

    /// The identifier the action is registered and invoked by.
    public let identifier: String

    /// Creates an action. Without an `identifier`, the class's name without its last `Action`: `DoStuffAction` is
    /// `DoStuff`.
    public init(identifier: String? = nil) {
        if let identifier {
            self.identifier = identifier
        } else {
            var name = String(describing: type(of: self))
            if let range = name.range(of: "Action", options: .backwards) { name.removeSubrange(range) }
            self.identifier = name
        }
    }

    /// Says whether the action applies in `context` and how to show it; active, named by its identifier, by
    /// default.
    open func validate(context: ActionContext) -> Validation { Validation(identifier: identifier) }

    /// Performs the action, then calls `completed` — exactly once, when the work is finished or has failed, from any
    /// thread. By default calls ``perform(context:)`` and completes with success.
    open func perform(context: ActionContext, completed: @escaping Completion) {
        perform(context: context)
        completed(.ok)
    }

    /// Performs the action synchronously: the form the seed's README overrides. Does nothing by default.
    open func perform(context: ActionContext) {}
}

extension Swift.Result where Success == Void, Failure == any Error {
    /// Success, with no value: `completed(.ok)`.
    public static var ok: Self { .success(()) }
}
