/// The stage of a perform that a notification is about.
public enum ActionNotificationStage: Equatable, Sendable {
    /// The action is about to perform.
    case willPerform
    /// The action finished.
    case didPerform
    /// The action failed with this error.
    case didFail(any Error)

    /// Same stage; failures compare by their errors' descriptions.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.willPerform, .willPerform), (.didPerform, .didPerform): true
        case (.didFail(let left), .didFail(let right)): String(describing: left) == String(describing: right)
        default: false
        }
    }
}

/// Called with the stage and the context of a perform, on the main thread.
public typealias ActionNotificationCallback = (_ stage: ActionNotificationStage, _ context: ActionContext) -> Void

/// A notification: the action it is for (empty for every action) and its callback.
struct ActionNotification {
    let action: String
    let callback: ActionNotificationCallback
}
