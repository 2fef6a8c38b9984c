/// A named operation, invoked by identifier from menus, buttons, key bindings or code.
///
/// ```swift
/// final class OpenCommand: Command {
///     func validate(context: CommandContext) -> CommandValidation {
///         context["id"] == nil ? .inactive(title: "Open") : .active(title: "Open")
///     }
///     func perform(context: CommandContext) async throws {
///         try await documents.open(id: try context.int("id"))
///     }
/// }
/// manager.register(OpenCommand())                      // as "Open"
/// try await manager.perform(identifier: "menu.Open(id: 3)")
/// ```
///
/// ``identifier`` defaults to the type's name without a trailing `Command`. One command may be registered under
/// several identifiers with ``CommandManager/register(_:as:)``.
@MainActor
public protocol Command: AnyObject {
    /// The identifier the command registers under by default.
    var identifier: String { get }
    /// Says whether the command applies in this context and how to show it. Must not perform anything.
    func validate(context: CommandContext) -> CommandValidation
    /// Performs the command. Check `Task.isCancelled` in long work: the caller may cancel the task.
    func perform(context: CommandContext) async throws
}

extension Command {
    /// The type's name without a trailing `Command`: `OpenCommand` → `Open`.
    public var identifier: String { Self.defaultIdentifier(for: Self.self) }

    /// Active, titled with the name it was invoked by.
    public func validate(context: CommandContext) -> CommandValidation { .active(title: context.identifier.name) }

    static func defaultIdentifier(for type: Any.Type) -> String {
        let name = String(describing: type)
        guard name.hasSuffix("Command"), name.count > "Command".count else { return name }
        return String(name.dropLast("Command".count))
    }
}
