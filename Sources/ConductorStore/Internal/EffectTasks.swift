internal import ConductorSupport

/// The running effect tasks of one store, reachable from its nonisolated `deinit` (which cancels them all), hence
/// guarded by a lock rather than the main actor.
final class EffectTasks: Sendable {
    private let tasks = Locked<[Int: Task<Void, Never>]>([:])

    var count: Int { tasks.withLock { $0.count } }

    func insert(_ id: Int, _ task: Task<Void, Never>) { tasks.withLock { $0[id] = task } }

    func contains(_ id: Int) -> Bool { tasks.withLock { $0[id] != nil } }

    func finish(_ id: Int) { _ = tasks.withLock { $0.removeValue(forKey: id) } }

    /// Cancels and forgets the given tasks; returns how many were running.
    @discardableResult
    func cancel(_ ids: some Sequence<Int>) -> Int {
        let cancelled = tasks.withLock { tasks in ids.compactMap { tasks.removeValue(forKey: $0) } }
        for task in cancelled { task.cancel() }
        return cancelled.count
    }

    func cancelAll() {
        let all = tasks.withLock { tasks in
            defer { tasks = [:] }
            return Array(tasks.values)
        }
        for task in all { task.cancel() }
    }

    /// Waits until no effect is running, or `deadline` passes; returns whether all finished.
    func waitUntilIdle(deadline: ContinuousClock.Instant) async -> Bool {
        while count > 0 {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
