/// A feature's ``EffectHandler`` on an app's store: it receives the feature's effects found in the app's, and what
/// it sends back becomes the app's intents. Made by ``EffectHandler/scoped(effect:intent:)``.
public struct ScopedEffectHandler<Base: EffectHandler, EffectType: Sendable, IntentType: Sendable>: EffectHandler {
    let base: Base
    let effect: @Sendable (EffectType) -> Base.EffectType?
    let intent: @Sendable (Base.IntentType) -> IntentType

    /// The feature handler's name.
    public var name: String { base.name }

    /// Runs the feature's effect, if this effect holds one.
    public func handle(effect whole: EffectType, send: Send<IntentType>) async throws {
        guard let part = effect(whole) else { return }
        try await base.handle(effect: part, send: send.map(intent))
    }

    /// Whether this effect holds a feature effect the feature's handler takes: no task starts otherwise.
    public func handles(_ whole: EffectType) -> Bool { effect(whole).map(base.handles) ?? false }
}

extension EffectHandler {
    /// This feature handler on an app's store: it receives the feature's effects that `effect` finds in the app's
    /// effects, and what it sends is mapped into the app's intents by `intent`.
    ///
    /// ```swift
    /// store.add(
    ///     effectHandler: SearchEffectHandler().scoped(
    ///         effect: { if case .search(let effect) = $0 { effect } else { nil } },
    ///         intent: AppIntent.search))
    /// ```
    ///
    /// The effect's cancellation is the feature's when the app's effect names it in ``Effect/wrappedEffect``, so
    /// `cancelEffects(id:)` with the feature's id cancels it.
    /// - Parameters:
    ///   - effect: The feature's effect in one of the app's, or `nil` when it holds none.
    ///   - intent: Maps the feature's intents into the app's.
    public func scoped<AppEffect: Sendable, AppIntent: Sendable>(
        effect: @escaping @Sendable (AppEffect) -> EffectType?,
        intent: @escaping @Sendable (IntentType) -> AppIntent
    ) -> ScopedEffectHandler<Self, AppEffect, AppIntent> {
        ScopedEffectHandler(base: self, effect: effect, intent: intent)
    }
}
