/// A typed key into a ``CommandContext``: `context[.selection]` has the key's value type.
///
/// Declare keys as static members, so that call sites read `context[.selection]`:
///
/// ```swift
/// extension CommandKey where Value == [Int] {
///     static var selection: Self { Self("selection") }
/// }
/// ```
///
/// ```swift
/// context[.selection] = [3, 4]
/// let selected: [Int]? = context[.selection]
/// ```
public struct CommandKey<Value>: Hashable, Sendable, CustomStringConvertible {
    /// The key's name; two keys with one name refer to one entry.
    public let name: String

    /// Creates a key.
    public init(_ name: String) { self.name = name }

    /// The key's name.
    public var description: String { name }
}

extension CommandKey where Value == Bool {
    /// When `true`, the manager performs the command without validating it first.
    public static var skipValidation: Self { Self("skipValidation") }
}

extension CommandKey where Value == UndoStack {
    /// The undo stack commands register their inverses with.
    public static var undoStack: Self { Self("undoStack") }
}
