internal import Foundation

/// The identity of an action type: what a dispatcher and a router key their handlers by.
///
/// Two keys are equal when they name the same Swift type. ``name`` is the fully qualified type name, used in error
/// messages, logs and recordings.
public struct ActionKey: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the action's metatype.
    public var id: ObjectIdentifier { ObjectIdentifier(type) }
    /// Whether the key names an ``AsyncAction`` handler registration rather than an ``Action`` one.
    package let isAsync: Bool
    // The type alone, from which the identity and the name are computed on demand: a key is stored in every
    // registered handler, and costs a word and a flag this way.
    private let type: any Sendable.Type

    /// Creates the key of a synchronous action type.
    public init<A: Action>(_ type: A.Type) {
        self.init(type, isAsync: false)
    }

    /// Creates the key of an asynchronous action type.
    public init<A: AsyncAction>(_ type: A.Type) {
        self.init(type, isAsync: true)
    }

    private init(_ type: any Sendable.Type, isAsync: Bool) {
        self.type = type
        self.isAsync = isAsync
    }

    /// The action type's fully qualified name, such as `MyApp.ShowProfile`.
    public var name: String { String(reflecting: type) }

    /// The type's name without its module or private contexts, such as `ShowProfile`.
    public var shortName: String { Self.shortName(of: name) }

    /// Drops the module prefix and the `(unknown context at $…).` segments Swift prints for private types.
    static func shortName(of qualified: String) -> String {
        var name = Substring(qualified)
        while let start = name.range(of: "(unknown context at "), let end = name[start.upperBound...].range(of: ").") {
            name = name[..<start.lowerBound] + name[end.upperBound...]
        }
        guard let dot = name.firstIndex(of: ".") else { return String(name) }
        return String(name[name.index(after: dot)...])
    }

    /// The fully qualified type name.
    public var description: String { name }

    /// Keys are equal when they name the same type.
    public static func == (lhs: ActionKey, rhs: ActionKey) -> Bool { lhs.id == rhs.id }

    /// Hashes the type's identity only.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
