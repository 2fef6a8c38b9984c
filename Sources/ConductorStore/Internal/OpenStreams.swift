internal import ConductorSupport

/// The open asynchronous streams of one store, each as the function that finishes it. Reachable from the store's
/// nonisolated `deinit`, hence guarded by a lock rather than the main actor.
final class OpenStreams: Sendable {
    private let finishers = Locked<(next: Int, byID: [Int: @Sendable () -> Void])>((0, [:]))

    /// Remembers a stream's finisher; returns the id to remove it with when the stream ends.
    func add(_ finish: @escaping @Sendable () -> Void) -> Int {
        finishers.withLock { state in
            state.next += 1
            state.byID[state.next] = finish
            return state.next
        }
    }

    /// Forgets a stream that ended.
    func remove(_ id: Int) { _ = finishers.withLock { $0.byID.removeValue(forKey: id) } }

    /// How many streams are open.
    var count: Int { finishers.withLock { $0.byID.count } }

    /// Finishes every open stream. The finishers run outside the lock: finishing runs the stream's termination
    /// handler, which calls ``remove(_:)``.
    func finishAll() {
        let all = finishers.withLock { state in
            defer { state.byID = [:] }
            return Array(state.byID.values)
        }
        for finish in all { finish() }
    }
}
