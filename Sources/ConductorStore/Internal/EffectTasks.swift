internal import ConductorSupport

/// The running effect tasks of one store, and the tasks waiting for them to finish.
///
/// Reachable from the store's nonisolated `deinit` (which cancels every task) and from task cancellation handlers,
/// hence guarded by a lock rather than the main actor. Waiting is built on continuations, resumed when the last
/// running effect finishes: nothing polls.
final class EffectTasks: Sendable {
    private struct State {
        var tasks: [Int: Task<Void, Never>] = [:]
        /// Why each run cancelled for a reason worth telling was cancelled — the flow whose end cancelled it — until
        /// the run finishes: what it sends meanwhile is reported as it is dropped.
        var reasons: [Int: String] = [:]
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private struct Waiter {
        var continuation: CheckedContinuation<Bool, Never>?
        var timeout: Task<Void, Never>?
        /// Set when the waiter was resumed (cancelled or timed out) before its continuation was stored.
        var isResolved = false
    }

    private let state = Locked(State())

    var count: Int { state.withLock { $0.tasks.count } }

    func insert(_ id: Int, _ task: Task<Void, Never>) { state.withLock { $0.tasks[id] = task } }

    func contains(_ id: Int) -> Bool { state.withLock { $0.tasks[id] != nil } }

    func finish(_ id: Int) {
        let waiters = state.withLock { state -> [Waiter] in
            state.tasks.removeValue(forKey: id)
            if !state.reasons.isEmpty { state.reasons.removeValue(forKey: id) }
            return state.tasks.isEmpty ? takeWaiters(&state) : []
        }
        resume(waiters, with: true)
    }

    /// Cancels and forgets the given tasks; returns how many were running. With a `reason`, what a cancelled run
    /// sends until it finishes is reported with it (``reason(forCancelled:)``).
    @discardableResult
    func cancel(_ ids: some Sequence<Int>, because reason: String? = nil) -> Int {
        let (cancelled, waiters) = state.withLock { state in
            var cancelled: [Task<Void, Never>] = []
            for id in ids {
                guard let task = state.tasks.removeValue(forKey: id) else { continue }
                cancelled.append(task)
                if let reason { state.reasons[id] = reason }
            }
            return (cancelled, state.tasks.isEmpty ? takeWaiters(&state) : [])
        }
        for task in cancelled { task.cancel() }
        resume(waiters, with: true)
        return cancelled.count
    }

    /// Why the run `id` was cancelled, while it has not finished: `nil` when it runs, finished, or was cancelled
    /// with no reason to tell.
    func reason(forCancelled id: Int) -> String? { state.withLock { $0.reasons[id] } }

    func cancelAll() {
        let (all, waiters) = state.withLock { state in
            defer {
                state.tasks = [:]
                state.reasons = [:]
            }
            return (Array(state.tasks.values), takeWaiters(&state))
        }
        for task in all { task.cancel() }
        resume(waiters, with: true)
    }

    /// Suspends until no effect is running; returns `true` then, or `false` when `timeout` passed first or the
    /// waiting task was cancelled.
    func waitUntilIdle(timeout: Duration?) async -> Bool {
        let id = state.withLock { state in
            state.nextWaiter += 1
            state.waiters[state.nextWaiter] = Waiter()
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let outcome = state.withLock { state -> Bool? in
                    if state.tasks.isEmpty {
                        state.waiters[id] = nil
                        return true
                    }
                    if state.waiters[id]?.isResolved ?? true {
                        state.waiters[id] = nil
                        return false
                    }
                    state.waiters[id]?.continuation = continuation
                    if let timeout {
                        state.waiters[id]?.timeout = Task { [weak self] in
                            // A cancelled sleep means the waiter was resumed first: nothing to report.
                            guard (try? await Task.sleep(for: timeout)) != nil else { return }
                            self?.resolve(id, with: false)
                        }
                    }
                    return nil
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            resolve(id, with: false)
        }
    }

    /// Resumes one waiter (timed out or cancelled), or marks it resolved when its continuation is not stored yet.
    private func resolve(_ id: Int, with outcome: Bool) {
        let waiter = state.withLock { state -> Waiter? in
            guard var waiter = state.waiters[id] else { return nil }
            guard waiter.continuation != nil else {
                waiter.isResolved = true
                state.waiters[id] = waiter
                return nil
            }
            state.waiters[id] = nil
            return waiter
        }
        if let waiter { resume([waiter], with: outcome) }
    }

    /// Removes the waiters whose continuations are stored (the others resume themselves when they store theirs).
    private func takeWaiters(_ state: inout State) -> [Waiter] {
        let ready = state.waiters.filter { $0.value.continuation != nil }
        for id in ready.keys { state.waiters[id] = nil }
        return Array(ready.values)
    }

    private func resume(_ waiters: [Waiter], with outcome: Bool) {
        for waiter in waiters {
            waiter.timeout?.cancel()
            waiter.continuation?.resume(returning: outcome)
        }
    }
}
