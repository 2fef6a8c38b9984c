/// The namespace of ConductorStore, the unidirectional state store.
///
/// This module is a placeholder: the store, its intents, reducer, effects and subscriptions arrive with their own
/// issue. It exists now so that the package's products and the umbrella module are stable from the start.
public enum ConductorStore {
    /// The module's version of the Conductor package.
    public static let version = "0.1.0"
}
