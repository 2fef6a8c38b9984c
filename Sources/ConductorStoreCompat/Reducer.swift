/// Glue's reducer: mutates the state for an intent and returns the effects to run.
public typealias Reducer<State> = (inout State, any Intent) -> [any Effect]
