internal import ConductorSupport

/// The asynchronous dispatches a dispatcher has in flight, so that releasing the dispatcher can fail them.
///
/// A dispatcher's `deinit` is nonisolated and cannot reach the main actor, so this registry is guarded by a lock.
final class InFlightRegistry: Sendable {
    private struct State {
        var isReleased = false
        var nextID = 0
        var onRelease: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Locked(State())

    /// Whether the owning dispatcher has been released.
    var isReleased: Bool { state.withLock { $0.isReleased } }

    /// Remembers `onRelease` until `remove(_:)`; returns `nil` (and keeps nothing) when the dispatcher is already gone.
    func insert(_ onRelease: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.isReleased else { return nil }
            state.nextID += 1
            state.onRelease[state.nextID] = onRelease
            return state.nextID
        }
    }

    /// Forgets a finished dispatch.
    func remove(_ id: Int) {
        _ = state.withLock { $0.onRelease.removeValue(forKey: id) }
    }

    /// Marks the dispatcher released and runs every pending `onRelease`, outside the lock.
    func release() {
        let pending = state.withLock { state in
            state.isReleased = true
            defer { state.onRelease = [:] }
            return Array(state.onRelease.values)
        }
        for onRelease in pending { onRelease() }
    }
}
