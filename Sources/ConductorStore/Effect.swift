/// A side effect a reducer asks for — a network request, a database write, a sound — run by effect handlers.
///
/// A reducer stays pure by returning effects instead of performing them; the ``Store`` passes each returned effect
/// to every ``EffectHandler``. Give an effect a ``cancellationID`` to be able to cancel it while it runs:
///
/// ```swift
/// enum SearchEffect: Effect {
///     case search(String)
///     case stopSearching
///
///     var cancellationID: EffectID? { if case .search = self { "search" } else { nil } }
///     var cancelsInFlight: Bool { true }          // a new search replaces the running one
///     var cancels: [EffectID] { if case .stopSearching = self { ["search"] } else { [] } }
/// }
/// ```
public protocol Effect: Sendable {
    /// Identifies running instances of this effect for ``Store/cancelEffects(id:)``; `nil` (the default) for
    /// effects that are never cancelled by id.
    var cancellationID: EffectID? { get }
    /// Whether starting this effect first cancels the running effects with the same ``cancellationID``;
    /// `false` by default.
    var cancelsInFlight: Bool { get }
    /// Identifiers of running effects to cancel when this effect is returned, before it is handled; empty by
    /// default.
    var cancels: [EffectID] { get }
}

extension Effect {
    /// No identifier: the effect cannot be cancelled by id.
    public var cancellationID: EffectID? { nil }
    /// Running effects are left alone.
    public var cancelsInFlight: Bool { false }
    /// Cancels nothing.
    public var cancels: [EffectID] { [] }
}

extension Never: Effect {}
