public import ConductorStore

/// A Glue effect as the Conductor store's effect type; its cancellation keys are the effect's own.
public struct AnyEffect: ConductorStore.Effect {
    /// The effect.
    public let base: any Effect
    /// Wraps an effect.
    public init(_ base: any Effect) { self.base = base }
    /// The effect's cancellation id.
    public var cancellationID: EffectID? { base.cancellationID }
    /// Whether the effect cancels the running ones with its id.
    public var cancelsInFlight: Bool { base.cancelsInFlight }
    /// The ids the effect cancels.
    public var cancels: [EffectID] { base.cancels }
}
