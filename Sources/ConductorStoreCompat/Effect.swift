public import ConductorStore

/// Glue's `Effect`: a side effect a reducer asks for — a network request, a database write, a navigation change —
/// handled by ``EffectHandler``s.
///
/// It refines `ConductorStore.Effect`, so an effect may also give a cancellation id.
///
/// ```swift
/// enum AppEffect: Effect {
///     case playSound
/// }
/// ```
public protocol Effect: ConductorStore.Effect {}
