/// An effect handler that runs on the main actor as the reducer returns its effect, before the next intent: for work
/// that belongs with the intent — showing a screen, sending an action — and for handlers written in Glue's callback
/// style.
///
/// ```swift
/// struct SoundEffects: MainActorEffectHandler {
///     let player: Player
///     func handle(effect: AppEffect, send: @escaping @MainActor (AppIntent) -> Void) throws {
///         guard effect == .playSound else { return }
///         try player.play()
///         send(.soundPlayed)
///     }
/// }
/// store.add(effectHandler: SoundEffects(player: player))
/// ```
///
/// What it sends is processed after the current intent, and belongs to that intent's `sendAndWait` and scope. An
/// error it throws goes to the store's `onEffectError`, named by ``name``; `send` does nothing once the store is
/// released. Use ``EffectHandler`` for work that suspends or should run off the main actor.
@MainActor
public protocol MainActorEffectHandler<EffectType, IntentType> {
    /// The effects the store produces.
    associatedtype EffectType
    /// The intents the handler may send back.
    associatedtype IntentType
    /// The handler's name in ``EffectFailure``s and ``EffectEvent``s: its type's name by default.
    var name: String { get }
    /// Handles one effect; call `send` (now or later, on the main actor) to send intents back.
    func handle(effect: EffectType, send: @escaping @MainActor (IntentType) -> Void) throws
}

extension MainActorEffectHandler {
    /// The handler's type name.
    public var name: String { String(describing: Self.self) }
}
