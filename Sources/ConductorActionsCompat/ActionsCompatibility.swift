internal import ConductorActions
internal import ConductorSupport
internal import Dispatch
internal import Foundation
internal import Logging

/// Where the seed-compatible API reports the problems it cannot throw.
///
/// The seed's calls do not throw, but Conductor never drops a failure silently: a duplicate registration or a
/// `Void` action that nobody handles is passed to ``reportIssue``, which logs it as an error by default. Calls that
/// must produce a value they cannot have (an unhandled `send()` of an action that returns something) stop the
/// program with a message naming the action, as the seed did; use Conductor's throwing API to handle those instead.
///
/// Every seed-style call may be made from code that is not isolated to the main actor — XCTest cases, app delegates,
/// view controllers written before strict concurrency — and from any thread. Handlers still run on the main actor: a
/// call made on the main thread runs at once, and one made on another thread runs on the main thread while the
/// calling thread waits, so `send()` from a background queue still returns the handler's result. Registering from
/// another thread is reported as ``CalledOffMainThread`` before it is done on the main thread.
public enum ActionsCompatibility {
    /// Receives every error the seed-compatible API cannot throw, on the main actor. Replace it, from any thread, to
    /// collect or assert on them.
    public static var reportIssue: @MainActor (any Error) -> Void {
        get { reporter.handler }
        set { reporter.handler = newValue }
    }

    private static let reporter = Reporter { error in
        ActionsCompatibility.logger.error("\(String(describing: error))")
    }
    private static let logger = Logger(label: "Conductor.ActionsCompat")

    /// Whether the caller runs on the main queue, where main-actor work runs (``ConductorSupport``'s `MainQueue`).
    static var isOnMainQueue: Bool { MainQueue.isCurrent }

    /// Runs `body` on the main actor and returns its result: at once on the main thread; from any other thread, on
    /// the main thread while this thread waits. When `call` is given, a call from another thread is reported as
    /// ``CalledOffMainThread`` first.
    @discardableResult
    static func onMain<T: Sendable>(_ call: String?, _ body: @MainActor () -> T) -> T {
        if isOnMainQueue { return MainActor.assumeIsolated(body) }
        return MainQueue.sync {
            MainActor.assumeIsolated { () -> T in
                if let call { ActionsCompatibility.reportIssue(CalledOffMainThread(call: call)) }
                return body()
            }
        }
    }

    /// Passes `error` to ``reportIssue`` on the main actor: at once on the main thread, later from any other.
    static func report(_ error: any Error) {
        if isOnMainQueue {
            MainActor.assumeIsolated { ActionsCompatibility.reportIssue(error) }
        } else {
            Task { @MainActor in ActionsCompatibility.reportIssue(error) }
        }
    }

    static func stop<A>(_ error: any Error, action: A.Type) -> Never {
        let name = String(reflecting: action)
        let message = (error as? ActionError)?.description ?? "Action '\(name)' failed: \(error)."
        // The seed's non-throwing forms that must return a value have nothing to return; Conductor's throwing API
        // (`try action.send(to: .shared)`) reports the same failure as an error instead.
        fatalError(
            "\(message) This seed-compatible call cannot throw; use ConductorActions' throwing `try action.send(to: .shared)` "
                + "or `try dispatcher.dispatch(action)` to handle the error.")
    }

    @MainActor
    static func deliver<A, Value>(
        _ result: Result<Value, any Error>,
        of action: A.Type,
        to completion: @MainActor (Value) -> Void
    ) {
        switch result {
        case .success(let value): completion(value)
        case .failure(let error):
            // A dispatcher released while its handler ran (a screen left while it loaded): the seed finished the
            // work and called back; Conductor cannot, so the failure is reported and the completion dropped.
            if case .dispatcherReleased? = error as? ActionError {
                return reportIssue(error)
            }
            if Value.self == Void.self { reportIssue(error) } else { stop(error, action: action) }
        }
    }
}

/// The handler behind ``ActionsCompatibility/reportIssue``, which any thread may read or replace.
private final class Reporter: @unchecked Sendable {
    // @unchecked Sendable is sound: the one mutable property, `stored`, is read and written only while `lock` is
    // held, and the value it holds is a main-actor function, which is Sendable.
    private let lock = NSLock()
    private var stored: @MainActor (any Error) -> Void

    init(_ handler: @escaping @MainActor (any Error) -> Void) { stored = handler }

    var handler: @MainActor (any Error) -> Void {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}
