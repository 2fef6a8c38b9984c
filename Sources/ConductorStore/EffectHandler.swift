/// Runs the side effects a store's reducer returns, and may send intents back to the store.
///
/// The store hands every effect to every handler, each in a task of its own; a handler ignores the effects it does
/// not handle. A handler that is not isolated to an actor runs off the main actor.
///
/// ```swift
/// struct SoundEffectHandler: EffectHandler {
///     func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
///         guard effect == .playSound else { return }
///         await player.play()
///         await send(.soundPlayed)
///     }
/// }
/// store.add(effectHandler: SoundEffectHandler())
/// ```
///
/// Errors a handler throws go to ``Store/onEffectError``; the store keeps working and the intents the handler sent
/// before throwing are kept. When the store is released, or the effect is cancelled, the handler's task is cancelled
/// and whatever it sends afterwards is dropped.
public protocol EffectHandler<EffectType, IntentType>: Sendable {
    /// The effects the store produces.
    associatedtype EffectType: Sendable
    /// The intents the handler may send back.
    associatedtype IntentType: Sendable
    /// Runs one effect.
    /// - Parameters:
    ///   - effect: The effect the reducer returned.
    ///   - send: Sends intents back to the store, in order.
    func handle(effect: EffectType, send: Send<IntentType>) async throws
}

/// Glue's `DispatchFunc`: sends an intent back to the store, on the main actor.
public typealias DispatchFunction<IntentType> = @MainActor (IntentType) -> Void
