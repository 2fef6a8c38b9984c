/// Reads a selection from a state, compares it with the last one, and returns the new value in a ``SelectedValue``,
/// or `nil` when it did not change. Probes are built by the store's inlinable `subscribe` methods, so they
/// are specialised for the app's types: the table itself never handles a selected value. The state is passed
/// `inout` only because an `inout` argument is always passed by address: a by-value generic argument would be
/// copied into each probe by a reabstraction thunk, a large state once per subscriber per send. Probes never write.
/// Probes are deliberately not `@MainActor`: they run only on the store's actor, and an isolated closure would check
/// the current executor on every call — a quarter of a send's cost with many subscribers.
@usableFromInline
typealias Probe<State> = (inout State) -> AnyObject?
