/// An ``EffectHandler`` written as a closure.
///
/// ```swift
/// store.add(
///     effectHandler: ClosureEffectHandler(name: "sounds") { effect, send in
///         await player.play(effect)
///         await send(.soundPlayed)
///     })
/// ```
public struct ClosureEffectHandler<EffectType: Sendable, IntentType: Sendable>: EffectHandler {
    /// The handler's name in ``EffectFailure``s and ``EffectEvent``s.
    public let name: String
    private let takes: @Sendable (EffectType) -> Bool
    private let body: @Sendable (EffectType, Send<IntentType>) async throws -> Void

    /// Creates a handler.
    /// - Parameters:
    ///   - name: The handler's name in failures and events.
    ///   - handles: Whether it runs an effect (asked before a task starts); every effect by default.
    ///   - handle: Runs one effect and may send intents back.
    public init(
        name: String = "closure",
        handles: @escaping @Sendable (EffectType) -> Bool = { _ in true },
        _ handle: @escaping @Sendable (EffectType, Send<IntentType>) async throws -> Void
    ) {
        self.name = name
        self.takes = handles
        self.body = handle
    }

    /// Runs one effect.
    public func handle(effect: EffectType, send: Send<IntentType>) async throws { try await body(effect, send) }

    /// Whether it runs `effect`.
    public func handles(_ effect: EffectType) -> Bool { takes(effect) }
}
