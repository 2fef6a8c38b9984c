public import ConductorStore

/// Glue's `Effect`: a side effect a reducer asks for — a network request, a database write, a navigation change —
/// handled by ``EffectHandler``s.
///
/// It is Conductor's `Effect` under the same name (a typealias), so a file that imports both `Conductor` and
/// `ConductorStoreCompat` reads `Effect` without ambiguity, and an effect may also give a cancellation id.
///
/// ```swift
/// enum AppEffect: Effect {
///     case playSound
/// }
/// ```
public typealias Effect = ConductorStore.Effect
