public import ConductorStore

/// Effects performed by an object — a coordinator that navigates, say — as a `MainActorEffectHandler`: each effect
/// is handed to the object as it is returned, while the object lives.
///
/// ```swift
/// store.add(effectHandler: PerformedEffects(by: mainCoordinator) { coordinator, effect in
///     if case .presentLogin = effect { coordinator.showLogin() }
/// })
/// ```
///
/// The object is held weakly: once it is gone, effects are no longer handed to it. What `perform` throws goes to the
/// store's `onEffectError`, named after the object's type.
public struct PerformedEffects<Owner: AnyObject, EffectType, IntentType>: MainActorEffectHandler {
    private weak var owner: Owner?
    private let perform: @MainActor (Owner, EffectType) throws -> Void

    /// Creates the join.
    /// - Parameters:
    ///   - owner: The object that performs the effects; held weakly.
    ///   - perform: Performs one effect.
    public init(by owner: Owner, _ perform: @escaping @MainActor (Owner, EffectType) throws -> Void) {
        self.owner = owner
        self.perform = perform
    }

    /// The owner's type name.
    public var name: String { String(describing: Owner.self) }

    /// Hands the effect to the owner, if it still lives.
    public func handle(effect: EffectType, send: @escaping @MainActor (IntentType) -> Void) throws {
        guard let owner else { return }
        try perform(owner, effect)
    }
}
