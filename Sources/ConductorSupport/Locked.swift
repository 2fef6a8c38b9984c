package import Foundation

/// A value guarded by a lock, shared by Conductor's modules (package access, not API), for the few pieces of state that must be reachable from a nonisolated `deinit` or from
/// a task cancellation handler, where no actor can be awaited.
///
/// `Synchronization.Mutex` would do the same but needs macOS 15 / iOS 18; Conductor supports macOS 14 / iOS 17.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is sound: `value` is private and only read or written inside `withLock`, which holds
    // `lock` for the whole access, so no two threads ever touch it at once; `Value` itself is Sendable.
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    package init(_ value: Value) { self.value = value }

    // Inlinable so that it is specialised where it is used: unspecialised, each call looks up the metadata of its
    // `Result` type, which costs more than the lock.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
