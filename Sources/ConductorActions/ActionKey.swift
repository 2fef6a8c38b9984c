/// The identity of an action type: what a dispatcher and a router key their handlers by.
///
/// Two keys are equal when they name the same Swift type. ``name`` is the fully qualified type name, used in error
/// messages, logs and recordings.
public struct ActionKey: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the action's metatype.
    public let id: ObjectIdentifier
    /// The action type's fully qualified name, such as `MyApp.ShowProfile`.
    public let name: String
    /// Whether the key names an ``AsyncAction`` handler registration rather than an ``Action`` one.
    public let isAsync: Bool

    /// Creates the key of a synchronous action type.
    public init<A: Action>(_ type: A.Type) {
        self.init(id: ObjectIdentifier(type), name: String(reflecting: type), isAsync: false)
    }

    /// Creates the key of an asynchronous action type.
    public init<A: AsyncAction>(_ type: A.Type) {
        self.init(id: ObjectIdentifier(type), name: String(reflecting: type), isAsync: true)
    }

    init(id: ObjectIdentifier, name: String, isAsync: Bool) {
        self.id = id
        self.name = name
        self.isAsync = isAsync
    }

    /// The type's name without its module, such as `ShowProfile`.
    public var shortName: String {
        guard let dot = name.firstIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    /// The fully qualified type name.
    public var description: String { name }

    /// Keys are equal when they name the same type.
    public static func == (lhs: ActionKey, rhs: ActionKey) -> Bool { lhs.id == rhs.id }

    /// Hashes the type's identity only.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
