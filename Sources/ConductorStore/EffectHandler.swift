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

/// Sends intents from an effect back to its store.
///
/// Call it like a function: `await send(.loaded(items))`. Intents sent by one effect reach the store in the order
/// they were sent. After the store is released, or the effect is cancelled, sending does nothing.
public struct Send<IntentType: Sendable>: Sendable {
    private let deliver: @MainActor @Sendable (IntentType) -> Void

    /// Creates a `Send` that passes each intent to `deliver` on the main actor; for tests of effect handlers.
    public init(_ deliver: @escaping @MainActor @Sendable (IntentType) -> Void) {
        self.deliver = deliver
    }

    /// Sends an intent to the store, waiting for the main actor, where the store runs.
    public func callAsFunction(_ intent: IntentType) async {
        await deliver(intent)
    }
}

/// An effect handler's error, as passed to ``Store/onEffectError``.
public struct EffectFailure<EffectType: Sendable>: Sendable, CustomStringConvertible {
    /// The effect whose handling failed.
    public let effect: EffectType
    /// The error the handler threw.
    public let error: any Error
    /// The handler's type name.
    public let handler: String

    /// Creates a failure, for effect handlers that report to ``Store/onEffectError`` themselves.
    public init(effect: EffectType, error: any Error, handler: String) {
        self.effect = effect
        self.error = error
        self.handler = handler
    }

    /// Says which handler failed on which effect, and why.
    public var description: String { "Effect handler \(handler) failed on \(effect): \(error)" }
}

/// An effect handler in Glue's callback style: called on the main actor with each effect and a function that
/// dispatches intents back.
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
public protocol CallbackEffectHandler<EffectType, IntentType> {
    /// The effects the store produces.
    associatedtype EffectType
    /// The intents the handler may dispatch back.
    associatedtype IntentType
    /// Handles one effect; call `dispatch` (now or later, on the main actor) to send intents back.
    func handle(effect: EffectType, dispatch: @escaping DispatchFunction<IntentType>)
}

/// Glue's `DispatchFunc`: sends an intent back to the store, on the main actor.
public typealias DispatchFunction<IntentType> = @MainActor (IntentType) -> Void
