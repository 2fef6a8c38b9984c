public import ConductorActions
public import ConductorStore

/// Effects out to actions: a `MainActorEffectHandler` that sends the action an effect names through a router, as
/// the effect is returned — the join from a store to the coordinators and screens that handle actions.
///
/// ```swift
/// store.add(effectHandler: ActionEffects { effect in
///     switch effect {
///     case .showItem(let id): ShowItem(id: id)          // handled by the coordinator that owns the stack
///     default: nil                                      // not an action: other handlers take it
///     }
/// })
/// ```
///
/// An action no dispatcher handles goes to the store's `onEffectError` (the router's `ActionError`), never dropped.
public struct ActionEffects<EffectType, IntentType>: MainActorEffectHandler {
    private let router: ActionRouter
    private let action: @MainActor (EffectType) -> (any Action)?

    /// Creates the join.
    /// - Parameters:
    ///   - router: Where the actions go; the shared router by default.
    ///   - action: The action an effect names, or `nil` for effects that are not actions.
    public init(router: ActionRouter = .shared, _ action: @escaping @MainActor (EffectType) -> (any Action)?) {
        self.router = router
        self.action = action
    }

    /// `ActionEffects`, in failures and events.
    public var name: String { "ActionEffects" }

    /// Sends the effect's action, if it names one.
    public func handle(effect: EffectType, send: @escaping @MainActor (IntentType) -> Void) throws {
        guard let action = action(effect) else { return }
        try Self.send(action, through: router)
    }

    private static func send(_ action: any Action, through router: ActionRouter) throws {
        func open<A: Action>(_ action: A) throws { _ = try router.send(action) }
        try open(action)
    }
}
