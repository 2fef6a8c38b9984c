/// The identity of a shown module, for hosts that bind to values — a SwiftUI `NavigationStack(path:)` or
/// `.sheet(item:)` — rather than to the modules themselves.
package struct ModuleID: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// The module's object identity.
    package let id: ObjectIdentifier
    /// The module's name, for errors and debugging.
    package let name: String

    /// The identity of a module.
    @MainActor
    package init(_ module: any Presentable) {
        self.id = ObjectIdentifier(module)
        self.name = module.moduleName
    }

    /// Identities are equal when they stand for the same object.
    package static func == (lhs: ModuleID, rhs: ModuleID) -> Bool { lhs.id == rhs.id }

    /// Hashes the object identity.
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The module's name.
    package var description: String { name }
}
