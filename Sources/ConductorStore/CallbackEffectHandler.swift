/// An effect handler in Glue's callback style: called on the main actor with each effect and a function that
/// dispatches intents back. Package access: the engine of ConductorStoreCompat's Glue-named store and of
/// `addActionEffects`; apps write an ``EffectHandler``.
///
/// Glue's README handler compiles against it with its types renamed:
///
/// ```swift
/// class SoundEffectHandler: CallbackEffectHandler {
///     private let player = Player()
///
///     func handle(effect: AppEffect, dispatch: @escaping DispatchFunction<AppIntent>) {
///         guard effect == AppEffect.playSound else { return }
///         player.play()
///     }
/// }
/// store.add(effectHandler: SoundEffectHandler())
/// ```
///
/// Use ``EffectHandler`` for work that suspends or should run off the main actor. `dispatch` does nothing once the
/// store is released.
@MainActor
package protocol CallbackEffectHandler<EffectType, IntentType> {
    /// The effects the store produces.
    associatedtype EffectType
    /// The intents the handler may dispatch back.
    associatedtype IntentType
    /// Handles one effect; call `dispatch` (now or later, on the main actor) to send intents back.
    func handle(effect: EffectType, dispatch: @escaping DispatchFunction<IntentType>)
}
