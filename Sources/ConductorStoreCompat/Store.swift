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
///
/// As Glue's, the store may be used from code that is not isolated to the main actor and from any thread; the
/// Conductor store underneath lives on the main actor. So the reducer, effect handlers and main-queue subscribers
/// run on the main thread: a call made there takes effect at once, and a call made on another thread takes effect on
/// the main thread in order — waiting for it when it returns something or when `sync` is `true`. The state crosses
/// threads, so it must be `Sendable`.
@MainActor
public final class Store<State: Sendable> {
    /// The Conductor store underneath, for its full API.
    public nonisolated let conductorStore: ConductorStore.Store<State, AnyIntent, AnyEffect>

    /// Creates a store with its initial state and its reducer.
    ///
    /// The reducer runs on the main thread, once per dispatched intent.
    public nonisolated init(state: State, reducer: sending @escaping Reducer<State>) {
        conductorStore = MainThread.run {
            ConductorStore.Store(state: state) { state, intent in reducer(&state, intent.base).map(AnyEffect.init) }
        }
    }

    /// The state, read-only: dispatch an intent to change it. Read from another thread, it is the state once the
    /// intents dispatched before have been applied.
    public nonisolated var state: State {
        let store = conductorStore
        return MainThread.run { store.state }
    }

    /// Dispatches an intent: the reducer changes the state, subscribers hear about it, then effect handlers receive
    /// the effects it returned.
    ///
    /// On the main thread the intent is applied before this call returns, whatever `sync` says (an intent dispatched
    /// while another is being applied, by a subscriber or an effect handler, is applied right after it). From another
    /// thread it is applied on the main thread after the intents dispatched before it; with `sync: true` this call
    /// waits for that.
    /// - Parameters:
    ///   - intent: What should change.
    ///   - sync: Whether a call from another thread waits until the intent has been applied.
    public nonisolated func dispatch(_ intent: any Intent, sync: Bool = false) {
        let store = conductorStore
        let intent = AnyIntent(intent)
        if sync || MainThread.isOnMainQueue {
            MainThread.run { store.send(intent) }
        } else {
            MainThread.later { store.send(intent) }
        }
    }

    /// Adds an effect handler; every effect the reducer returns from now on is passed to it, on the main actor.
    public nonisolated func add(effectHandler: sending any EffectHandler) {
        let store = conductorStore
        MainThread.run { store.add(effectHandler: HandlerAdapter(handler: effectHandler)) }
    }
}

/// A Glue handler as a Conductor main-actor handler: Glue called handlers synchronously, as the effect was returned.
@MainActor
struct HandlerAdapter: MainActorEffectHandler {
    let handler: any EffectHandler

    /// The Glue handler's type name.
    var name: String { String(describing: type(of: handler)) }

    func handle(effect: AnyEffect, send dispatch: @escaping @MainActor (AnyIntent) -> Void) {
        handler.handle(effect: effect.base) { intent in
            let intent = AnyIntent(intent)
            if MainThread.isOnMainQueue {
                MainActor.assumeIsolated { dispatch(intent) }
            } else {
                MainThread.later { dispatch(intent) }
            }
        }
    }
}
