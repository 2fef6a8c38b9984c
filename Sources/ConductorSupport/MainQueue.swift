internal import Dispatch
internal import Foundation

/// The main queue, where main-actor work runs, recognised and reached from any thread: how the compatibility
/// modules let code written before strict concurrency (nonisolated XCTest cases, app delegates) call main-actor API.
package enum MainQueue {
    /// Whether the caller runs on the main queue. On Apple platforms that is the main thread. On Linux, once the
    /// program has called `dispatchMain()` (as test runners do), other threads drain the main queue, so
    /// `Thread.isMainThread` would say no there and a `DispatchQueue.main.sync` would deadlock: the main queue is
    /// recognised by a value set on it.
    package static var isCurrent: Bool {
        #if canImport(Darwin)
            Thread.isMainThread
        #else
            // The main thread itself, before or outside `dispatchMain()` (a tool's top-level code), or a thread
            // draining the main queue after it.
            Thread.isMainThread || DispatchQueue.getSpecific(key: key) != nil
        #endif
    }

    #if !canImport(Darwin)
        /// Marks the main queue, once, so that ``isCurrent`` can recognise it from any thread.
        private static let key: DispatchSpecificKey<Bool> = {
            let key = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: key, value: true)
            return key
        }()
    #endif

    /// Runs `body` on the main queue and returns its result: at once when the caller is on it; otherwise on the main
    /// queue while the calling thread waits.
    package static func sync<T>(_ body: () -> T) -> T {
        if isCurrent { return body() }
        return DispatchQueue.main.sync(execute: body)
    }
}
