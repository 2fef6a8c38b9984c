public import ConductorStore

/// Glue's `Intent`: a value that describes a way of updating the state.
///
/// It refines `ConductorStore.Intent`, so Glue intents are `Sendable`, as Conductor's stores require.
///
/// ```swift
/// enum AppIntent: Intent {
///     case increment
///     case decrement
/// }
/// ```
public protocol Intent: ConductorStore.Intent {}
