/// Glue's `DispatchFunction`: sends an intent back to the store, from any thread.
///
/// Called on the main thread, it sends the intent at once (the store queues it after the intent being processed);
/// called on another thread, it sends it on the main thread, in order. In a file that also imports Conductor's
/// store, whose generic `DispatchFunction<Intent>` is a different function type, write
/// `ConductorStoreCompat.DispatchFunction`.
public typealias DispatchFunction = @Sendable (any Intent) -> Void

/// The name Glue's README gives ``DispatchFunction``.
public typealias DispatchFunc = DispatchFunction

/// Glue's `EffectHandler`: called with every effect the reducer returns, and a function that dispatches intents
/// back.
///
/// ```swift
/// class SoundEffectHandler: EffectHandler {
///     func handle(effect: Effect, dispatch: @escaping DispatchFunc) {
///         guard effect as? AppEffect == .playSound else { return }
///         player.play()
///     }
/// }
/// ```
///
/// Only ``handle(effect:dispatch:)`` is on the main actor, where the store calls it: a handler class itself is not
/// isolated, so a test can read what it recorded from any code, as Glue's tests did. Call `dispatch` now or later,
/// from any thread.
public protocol EffectHandler {
    /// Handles one effect; call `dispatch` (now or later, from any thread) to send intents back.
    @MainActor func handle(effect: any Effect, dispatch: @escaping DispatchFunction)
}
