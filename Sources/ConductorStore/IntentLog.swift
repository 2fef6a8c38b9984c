/// The intents a store processed, in order: replayed onto the initial state they reproduce the final state.
///
/// Turn on ``Store/isRecordingIntents``, attach the log to a bug report (it is `Codable` when the intents are), and
/// replay it in a test:
///
/// ```swift
/// let reproduced = log.replay(onto: AppState(), reducer: reducer)
/// #expect(reproduced == reportedState)
/// ```
///
/// The log holds intents sent by effects too, so replaying needs only the reducer: no effect runs.
public struct IntentLog<IntentType: Sendable>: Sendable {
    /// The intents, in the order the store processed them.
    public var intents: [IntentType]

    /// Creates a log of the given intents.
    public init(_ intents: [IntentType] = []) { self.intents = intents }

    /// Applies every intent to `state` with `reducer`, ignoring the effects it returns, and returns the result.
    public func replay<State, EffectType>(onto state: State, reducer: (inout State, IntentType) -> [EffectType])
        -> State
    {
        var state = state
        for intent in intents { _ = reducer(&state, intent) }
        return state
    }
}

extension IntentLog: Equatable where IntentType: Equatable {}
extension IntentLog: Codable where IntentType: Codable {}
