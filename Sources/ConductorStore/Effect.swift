/// A side effect a reducer asks for — a network request, a database write, a sound — run by effect handlers.
///
/// A reducer stays pure by returning effects instead of performing them; the ``Store`` passes each returned effect
/// to the ``EffectHandler``s that handle it. Give an effect a ``cancellationID`` to be able to cancel it while it
/// runs:
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
///
/// An app's effect that wraps a feature's names the wrapped effect in ``wrappedEffect``: its cancellation then
/// applies as written in the feature, and the feature's handlers run it (``EffectHandler/scoped(effect:intent:)``).
///
/// ```swift
/// enum AppEffect: Effect {
///     case search(SearchEffect)
///     case save(Item)
///
///     var wrappedEffect: (any Effect)? { if case .search(let effect) = self { effect } else { nil } }
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
    /// The feature's effect this one wraps, such as `SearchEffect` in `AppEffect.search(_:)`, whose cancellation
    /// (``cancellationID``, ``cancelsInFlight``, ``cancels``) this effect takes by default; `nil` (the default)
    /// for an effect that wraps none.
    var wrappedEffect: (any Effect)? { get }
}

extension Effect {
    /// The wrapped effect's identifier; none when nothing is wrapped: the effect cannot be cancelled by id.
    public var cancellationID: EffectID? { wrappedEffect?.cancellationID }
    /// The wrapped effect's choice; otherwise running effects are left alone.
    public var cancelsInFlight: Bool { wrappedEffect?.cancelsInFlight ?? false }
    /// The wrapped effect's list; otherwise nothing.
    public var cancels: [EffectID] { wrappedEffect?.cancels ?? [] }
    /// Wraps nothing.
    public var wrappedEffect: (any Effect)? { nil }
}

extension Never: Effect {}
