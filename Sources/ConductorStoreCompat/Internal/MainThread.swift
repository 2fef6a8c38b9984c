internal import ConductorSupport
internal import Dispatch
internal import Foundation

/// How the store's nonisolated calls reach the main actor, where the Conductor store underneath lives.
///
/// Glue's store could be used from any thread: it reduced on a queue of its own. Here a call made on the main queue
/// (the main thread, in an app) runs at once; one made elsewhere runs on the main queue, in order with the calls
/// before it.
enum MainThread {
    /// Runs `body` on the main actor and returns its result: at once on the main thread; from any other thread, on
    /// the main thread while the calling thread waits.
    @discardableResult
    static func run<T: Sendable>(_ body: @MainActor () -> T) -> T {
        if isOnMainQueue { return MainActor.assumeIsolated(body) }
        return MainQueue.sync { MainActor.assumeIsolated(body) }
    }

    /// Whether the caller runs on the main queue, where main-actor work runs (``ConductorSupport``'s `MainQueue`).
    static var isOnMainQueue: Bool { MainQueue.isCurrent }

    /// Runs `body` on the main actor after the work already queued on the main thread, without waiting for it.
    static func later(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }
}
