/// Code that runs around every intent a store processes, before the reducer.
///
/// A middleware receives the intent, a way to read the state, and `next`, which passes the intent on (to the next
/// middleware, then the reducer). It may act before and after `next`, pass on a different intent, or not call
/// `next` at all to drop the intent.
///
/// ```swift
/// struct IgnoreWhileLoading: StoreMiddleware {
///     func intercept(_ intent: AppIntent, state: () -> AppState, next: (AppIntent) -> Void) {
///         if state().isLoading, case .refresh = intent { return }
///         next(intent)
///     }
/// }
/// store.middlewares.append(IgnoreWhileLoading())
/// ```
@MainActor
public protocol StoreMiddleware<State, IntentType> {
    /// The store's state.
    associatedtype State
    /// The store's intents.
    associatedtype IntentType
    /// Runs around one intent.
    /// - Parameters:
    ///   - intent: The intent being sent.
    ///   - state: Reads the store's current state: before `next`, the state the intent applies to; after, the
    ///     state it produced.
    ///   - next: Passes an intent on; call it at most once.
    func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void)
}
