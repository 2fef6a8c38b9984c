public import ConductorStore

/// A Glue intent as the Conductor store's intent type.
public struct AnyIntent: Sendable {
    /// The intent.
    public let base: any Intent
    /// Wraps an intent.
    public init(_ base: any Intent) { self.base = base }
}
