public import Foundation

/// What an action is validated or performed with, in the seed's form: the manager, the action, the identifier as
/// invoked, and the ``ActionInfo`` the caller and the responder chain filled in.
///
/// <!-- not compiled: a fragment: a provider's method and an action's, from two classes -->
/// ```swift
/// func provide(context: ActionContext) {
///     context.append(key: "MyActionObserver", value: self)
/// }
/// override func perform(context: ActionContext) {
///     let color = context["color"] as? String                   // from MyAction("color": "red")
///     context.forEach(key: "MyActionObserver") { (observer: MyActionObserver) in
///         observer.myMethod(myArgument: "myValue")
///     }
/// }
/// ```
///
/// A main-thread object, as the seed's was: the manager creates it on the main thread and hands it to the action and
/// its providers there. It is not isolated, so an action written before strict concurrency reads it as before, and
/// printing it is safe from any code.
public final class ActionContext {
    /// The manager handling the action.
    public let manager: ActionManager
    /// The action being validated or performed.
    public let action: Action
    /// The identifier as invoked, with its prefix and arguments: it may differ from ``Action/identifier``.
    public let identifier: String
    /// The values the action works with.
    public var info: ActionInfo
    /// Conductor's context for the same perform: typed arguments (`int(_:)`, `decode(_:)`), the undo stack. It lives
    /// on the main actor: read it there (in code that is not isolated, `MainActor.assumeIsolated { … }` on the main
    /// thread).
    public let commandContext: CommandContext

    init(manager: ActionManager, action: Action, identifier: String, info: ActionInfo, commandContext: CommandContext) {
        self.manager = manager
        self.action = action
        self.identifier = identifier
        self.info = info
        self.commandContext = commandContext
    }

    /// The value under `key` in ``info``; the identifier's arguments are there as `String`, `Int`, `Double` or
    /// `Bool`.
    public subscript(key: ActionKey) -> Any? {
        get { info[key] }
        set { info[key] = newValue }
    }

    /// The object that asked for the action, or the manager when none did.
    public var sender: Any { info[.sender] ?? manager }

    /// The value under `key` as a flag.
    public func flag(key: ActionKey) -> Bool { info.flag(key: key) }

    /// The value under `key` as a URL.
    public func url(withKey key: ActionKey) -> URL? { info.url(withKey: key) }

    /// Appends `value` to the list under `key` in ``info``.
    public func append(key: ActionKey, value: Any) { info.append(key: key, value: value) }

    /// Calls `action` with each `T` in the list under `key` in ``info``.
    public func forEach<T>(key: ActionKey, action: (T) throws -> Void) rethrows {
        try info.forEach(key: key, action: action)
    }

    /// Tells the notifications in `global` and in ``info`` under `key` that match this action about `stage`.
    func notify(stage: ActionNotificationStage, global: [ActionNotification], key: ActionKey = .notification) {
        let identifier = action.identifier
        let matching = { (notification: ActionNotification) in
            if notification.action.isEmpty || notification.action == identifier { notification.callback(stage, self) }
        }
        global.forEach(matching)
        info.forEach(key: key, action: matching)
    }
}

extension ActionContext: CustomStringConvertible {
    /// The action and the keys of the info, as the seed printed them: `«context MyApp.MyAction keys: color,sender»`.
    public var description: String { "«context \(action) keys: \(info)»" }
}
