/// Runs the side effects a store's reducer returns, and may send intents back to the store.
///
/// The store asks each handler whether it ``handles(_:)`` an effect, and runs each one that does in a task of its
/// own; no task is started for an effect no handler takes. A handler that is not isolated to an actor runs off the
/// main actor.
///
/// ```swift
/// struct SoundEffectHandler: EffectHandler {
///     func handles(_ effect: AppEffect) -> Bool { effect == .playSound }
///     func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
///         await player.play()
///         await send(.soundPlayed)
///     }
/// }
/// store.add(effectHandler: SoundEffectHandler())
/// ```
///
/// Every handler is added with `store.add(effectHandler:)`: a closure as a ``ClosureEffectHandler``, a
/// feature's handler on an app's store with ``scoped(effect:intent:)``, and work that must run on the main actor as
/// the effect is returned as a ``MainActorEffectHandler``.
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
    /// Whether the handler runs `effect`; asked on the main actor as the effect is returned, before any task starts.
    /// Every effect, by default.
    func handles(_ effect: EffectType) -> Bool
    /// The handler's name in ``EffectFailure``s and ``EffectEvent``s: its type's name by default.
    var name: String { get }
}

extension EffectHandler {
    /// Every effect is handled.
    public func handles(_ effect: EffectType) -> Bool { true }

    /// The handler's type name.
    public var name: String { String(describing: Self.self) }
}
