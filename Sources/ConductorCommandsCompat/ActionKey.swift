/// A key into an ``ActionInfo``: the seed's string keys, written as literals.
///
/// ```swift
/// context["color"]                                  // an identifier's argument
/// context.append(key: "MyActionObserver", value: self)
/// ```
public struct ActionKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key's text.
    public let value: String

    /// A key with this text.
    public init(_ value: String) { self.value = value }

    /// A key with this text, or `nil` for `nil`.
    public init?(_ value: String?) {
        guard let value else { return nil }
        self.value = value
    }

    /// A key from a string literal.
    public init(stringLiteral: String) { self.value = stringLiteral }

    /// The key's text.
    public var description: String { value }
}

extension ActionKey {
    /// The action's identifier, in serialised contexts.
    public static let action: ActionKey = "action"
    /// The identifier's dotted components after the action's name.
    public static let actionComponents: ActionKey = "components"
    /// A document.
    public static let document: ActionKey = "document"
    /// The info, in serialised contexts.
    public static let info: ActionKey = "info"
    /// A model object.
    public static let model: ActionKey = "model"
    /// The notifications registered with ``ActionInfo/registerNotification(for:key:notification:)``.
    public static let notification: ActionKey = "notification"
    /// An object.
    public static let object: ActionKey = "object"
    /// The observers added with ``ActionInfo/addObserver(_:key:)``.
    public static let observer: ActionKey = "observer"
    /// A root object.
    public static let root: ActionKey = "root"
    /// A selection.
    public static let selection: ActionKey = "selection"
    /// The object that asked for the action.
    public static let sender: ActionKey = "sender"
    /// When `true`, ``ActionManager/validate(identifier:info:)`` treats the action as active without asking it.
    public static let skipValidation: ActionKey = "skipValidation"
    /// A target.
    public static let target: ActionKey = "target"
    /// A view model.
    public static let viewModel: ActionKey = "viewModel"
    /// A window.
    public static let window: ActionKey = "window"
}
