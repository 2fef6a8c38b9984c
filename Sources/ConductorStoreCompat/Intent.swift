public import ConductorStore

/// Glue's `Intent`: a value that describes a way of updating the state.
///
/// It is Conductor's `Intent` under the same name — a typealias, not a second protocol — so a file that imports
/// both `Conductor` and `ConductorStoreCompat` reads `Intent` without ambiguity, and Glue intents are `Sendable`, as
/// Conductor's stores require.
///
/// ```swift
/// enum AppIntent: Intent {
///     case increment
///     case decrement
/// }
/// ```
public typealias Intent = ConductorStore.Intent
