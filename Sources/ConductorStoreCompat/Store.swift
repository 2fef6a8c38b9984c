public import ConductorStore

/// Glue's `Store`: contains the state, exposes it read-only, and changes it only when an intent is dispatched.
///
/// A thin layer over `ConductorStore.Store`, whose intents and effects are Glue's existentials. Everything the
/// Conductor store offers — subscriptions by key path, scoped stores, async effect handlers, `sendAndWait` — is on
/// ``conductorStore``.
///
/// ```swift
/// let store = Store(state: AppState(), reducer: reducer)
/// store.add(effectHandler: SoundEffectHandler())
/// store.dispatch(AppIntent.increment)
/// ```
@MainActor
public final class Store<State> {
    /// The Conductor store underneath, for its full API.
    public let conductorStore: ConductorStore.Store<State, AnyIntent, AnyEffect>

    /// Creates a store with its initial state and its reducer.
    public init(state: State, reducer: @escaping Reducer<State>) {
        conductorStore = ConductorStore.Store(state: state) { state, intent in
            reducer(&state, intent.base).map(AnyEffect.init)
        }
    }

    /// The state, read-only: dispatch an intent to change it.
    public var state: State { conductorStore.state }

    /// Dispatches an intent: the reducer changes the state, then effect handlers receive the effects it returned.
    public func dispatch(_ intent: any Intent) { conductorStore.send(AnyIntent(intent)) }

    /// Adds an effect handler; every effect the reducer returns from now on is passed to it.
    public func add(effectHandler: any EffectHandler) {
        conductorStore.add(effectHandler: HandlerAdapter(handler: effectHandler))
    }

    /// Calls `handler` with the state now, then after every dispatched intent: Glue's view-model subscription. For
    /// change-only subscriptions to a part of the state, use ``conductorStore``'s `subscribe(_:handler:)`.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe(_ handler: @escaping @MainActor (State) -> Void) -> SubscriptionToken {
        conductorStore.subscribe(handler: handler)
    }
}

/// A Glue handler as a Conductor callback handler.
@MainActor
struct HandlerAdapter: CallbackEffectHandler {
    let handler: any EffectHandler

    func handle(effect: AnyEffect, dispatch: @escaping DispatchFunction<AnyIntent>) {
        handler.handle(effect: effect.base) { intent in dispatch(AnyIntent(intent)) }
    }
}
