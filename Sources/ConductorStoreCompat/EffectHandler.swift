/// Glue's `DispatchFunc`: sends an intent back to the store, on the main actor.
public typealias DispatchFunc = @MainActor (any Intent) -> Void

/// Glue's `EffectHandler`: called on the main actor with every effect the reducer returns, and a function that
/// dispatches intents back.
///
/// ```swift
/// class SoundEffectHandler: EffectHandler {
///     func handle(effect: Effect, dispatch: @escaping DispatchFunc) {
///         guard effect as? AppEffect == .playSound else { return }
///         player.play()
///     }
/// }
/// ```
@MainActor
public protocol EffectHandler: AnyObject {
    /// Handles one effect; call `dispatch` (now or later, on the main actor) to send intents back.
    func handle(effect: any Effect, dispatch: @escaping DispatchFunc)
}
