/// Effects out to actions and navigation: "push the detail screen" or "present the login" is an effect that a
/// reducer returns, performed by the object that owns navigation.
extension Store {
    /// Turns effects into actions, sent through `router` on the main actor as the reducer returns them.
    ///
    /// ```swift
    /// store.addActionEffects { effect in
    ///     switch effect {
    ///     case .showItem(let id): ShowItem(id: id)          // handled by the coordinator that owns the stack
    ///     default: nil                                      // not an action: other handlers take it
    ///     }
    /// }
    /// ```
    ///
    /// An action that fails to send (no live dispatcher handles it, or its handler throws) is reported to
    /// `onEffectError`, never dropped.
    /// - Parameters:
    ///   - router: Where the actions are sent; `ActionRouter/shared` by default.
    ///   - action: The action an effect stands for, or `nil` for effects that are not actions.
    public func addActionEffects(
        router: ActionRouter = .shared,
        _ action: @escaping @MainActor (EffectType) -> (any Action)?
    ) {
        add(
            effectHandler: ClosureEffectHandler<EffectType, IntentType>(name: "ActionEffects") {
                [weak self] effect, _ in
                guard let action = action(effect) else { return }
                do {
                    try Self.send(action, through: router)
                } catch {
                    self?.onEffectError(EffectFailure(effect: effect, error: error, handler: "ActionEffects"))
                }
            })
    }

    /// Performs effects on an object that owns navigation, such as a coordinator, on the main actor as the reducer
    /// returns them. The object is held weakly: once it is released its effects are ignored.
    ///
    /// ```swift
    /// store.addEffects(performedBy: mainCoordinator) { coordinator, effect in
    ///     if case .presentLogin = effect { coordinator.showLogin() }
    /// }
    /// ```
    ///
    /// What `perform` throws is reported to `onEffectError`.
    public func addEffects<Owner: AnyObject>(
        performedBy owner: Owner,
        _ perform: @escaping @MainActor (Owner, EffectType) throws -> Void
    ) {
        let name = String(describing: Owner.self)
        add(
            effectHandler: ClosureEffectHandler<EffectType, IntentType>(name: name) {
                [weak self, weak owner] effect, _ in
                guard let owner else { return }
                do {
                    try perform(owner, effect)
                } catch {
                    self?.onEffectError(EffectFailure(effect: effect, error: error, handler: name))
                }
            })
    }

    private static func send(_ action: any Action, through router: ActionRouter) throws {
        func open<A: Action>(_ action: A) throws { _ = try router.send(action) }
        try open(action)
    }
}

/// A callback effect handler made of a closure, for the joins above.
@MainActor
struct ClosureEffectHandler<EffectType, IntentType>: CallbackEffectHandler {
    let name: String
    let body: @MainActor (EffectType, @escaping DispatchFunction<IntentType>) -> Void

    func handle(effect: EffectType, dispatch: @escaping DispatchFunction<IntentType>) { body(effect, dispatch) }
}
