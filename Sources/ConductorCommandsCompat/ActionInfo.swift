public import Foundation

/// The values an action is performed with: the identifier's arguments, what the caller passed, and what providers
/// along the responder chain added — the seed's untyped dictionary, keyed by ``ActionKey``.
///
/// Conductor's typed form is `CommandContext` with `CommandKey`s, which ``ActionContext/commandContext`` also
/// offers.
///
/// A main-thread object, as the seed's was, and not isolated: code written before strict concurrency fills and reads
/// it as before.
public final class ActionInfo {
    private var values: [ActionKey: Any] = [:]

    /// An empty info, holding `sender` under ``ActionKey/sender`` when given.
    public init(sender: Any? = nil) {
        if let sender { values[.sender] = sender }
    }

    /// The value under `key`.
    public subscript(key: ActionKey) -> Any? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The keys that hold values.
    public var keys: [ActionKey] { Array(values.keys) }

    /// The value under `key` as a flag: a `Bool`, or a number or text that reads as one (`1`, `yes`, `true`).
    public func flag(key: ActionKey) -> Bool {
        switch values[key] {
        case let bool as Bool: bool
        case let int as Int: int != 0
        case let double as Double: double != 0
        case let string as String: CommandValue.string(string).boolValue ?? false
        default: false
        }
    }

    /// Appends `value` to the list under `key`, making the list if there is none.
    public func append(key: ActionKey, value: Any) {
        var list = values[key] as? [Any] ?? []
        list.append(value)
        values[key] = list
    }

    /// Calls `action` with each value in the list under `key` that is a `T`, in the order appended; does nothing
    /// when there is no list. Unlike the seed, an error `action` throws is passed on, not dropped.
    public func forEach<T>(key: ActionKey, action: (T) throws -> Void) rethrows {
        for case let item as T in values[key] as? [Any] ?? [] { try action(item) }
    }

    /// Adds `observer` to the set under `key`; adding an equal observer again changes nothing.
    public func addObserver<T: ActionObserver & Hashable>(_ observer: T, key: ActionKey = .observer) {
        var observers = values[key] as? [AnyHashable] ?? []
        let item = AnyHashable(observer)
        if !observers.contains(item) { observers.append(item) }
        values[key] = observers
    }

    /// Calls `action` with each observer under `key` that is a `T`, in the order added. Errors are passed on.
    public func forObservers<T>(key: ActionKey = .observer, action: (T) throws -> Void) rethrows {
        for item in values[key] as? [AnyHashable] ?? [] {
            if let observer = item.base as? T { try action(observer) }
        }
    }

    /// Asks to hear about performs of the action `action` (every action when empty) that use this info.
    public func registerNotification(
        for action: String = "",
        key: ActionKey = .notification,
        notification: @escaping ActionNotificationCallback
    ) {
        append(key: key, value: ActionNotification(action: action, callback: notification))
    }

    /// The value under `key` as a URL: a `URL`, or a path as text.
    public func url(withKey key: ActionKey) -> URL? {
        switch values[key] {
        case let url as URL: url
        case let path as String: URL(fileURLWithPath: path)
        default: nil
        }
    }
}

extension ActionInfo: CustomStringConvertible {
    /// The keys that hold values, joined by commas, as the seed printed an info: `color,sender`. The seed's order was
    /// its dictionary's; this one is sorted, so that it is the same every time.
    public var description: String { keys.map(\.value).sorted().joined(separator: ",") }
}
