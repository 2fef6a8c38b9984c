/// A value that asks a ``Store`` to change its state.
///
/// Intents are the only way state changes: the store's reducer receives each one and mutates the state. Conforming
/// is optional — a store accepts any `Sendable` intent type — but naming the role reads well:
///
/// ```swift
/// enum CounterIntent: Intent {
///     case increment
///     case decrement
/// }
/// ```
public protocol Intent: Sendable {}

extension Never: Intent {}

/// A store's reducer: mutates the state for an intent and returns the effects to run. Keep it pure.
///
/// ```swift
/// let counterReducer: Reducer<Counter, CounterIntent, CounterEffect> = { state, intent in
///     state.count += 1
///     return []
/// }
/// let store = Store(state: Counter(), reducer: counterReducer)
/// ```
public typealias Reducer<State, IntentType, EffectType> = (inout State, IntentType) -> [EffectType]
