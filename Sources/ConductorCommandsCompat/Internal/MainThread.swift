internal import ConductorSupport
internal import Dispatch
internal import Foundation
internal import Logging

/// The threading rule of this module's classes, and how its calls keep it.
///
/// `ActionManager`, `Action`, `ActionContext` and `ActionInfo` are main-thread objects, as the seed's were (AppKit's
/// and UIKit's responder chains drive them): they are not isolated, so code written before strict concurrency uses
/// them as it did, and the manager does its work on the main thread, where Conductor's `CommandManager` lives.
enum MainThread {
    private static let logger = Logger(label: "Conductor.Actions")

    /// Whether the caller runs on the main queue, where main-actor work runs (``ConductorSupport``'s `MainQueue`).
    static var isOnMainQueue: Bool { MainQueue.isCurrent }

    /// Runs `body` on the main thread and returns its result: at once on the main thread; from another thread, on the
    /// main thread while this thread waits. When `call` is given, a call from another thread is logged as a misuse
    /// first (an action's completion, which the seed allowed from any thread, passes `nil`).
    @discardableResult
    static func run<T>(_ call: String?, _ body: () -> T) -> T {
        if isOnMainQueue { return body() }
        if let call {
            let message =
                "ActionManager.\(call) was called off the main thread. Actions run on the main thread: the call ran "
                + "there while the calling thread waited. Call it from the main thread (DispatchQueue.main.async)."
            logger.error("\(message)")
        }
        return MainQueue.sync(body)
    }
}

/// One of this module's main-thread objects, carried into main-actor code (a `SeedCommand`, or a closure that
/// `MainActor.assumeIsolated` runs).
struct OnMainThread<Value>: @unchecked Sendable {
    // @unchecked Sendable is sound under the module's threading rule (see `MainThread`): the wrapped objects are used
    // only on the main thread. This module wraps them only on the main thread (inside `MainThread.run`, or in
    // main-actor code) and unwraps them only in main-actor code, so a wrapped value never reaches another thread
    // through this type; an app that used the object from another thread at the same time would race with the seed
    // as much as with Conductor.
    let value: Value
}

/// A weak reference to one of this module's main-thread objects, carried into main-actor code.
struct WeakOnMainThread<Value: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable is sound for the reason `OnMainThread` gives; a weak reference adds no access of its own.
    weak var value: Value?
}
