public import ConductorCoordinators
internal import ConductorSupport
internal import Dispatch

// The seed's completions through `any Router`, for main-actor callers. `Router`'s requirements take completions that
// are handed over (`sending`), so that code that is not isolated — a Swift 5 coordinator, an XCTest case — calls them
// as it did; a main-actor coordinator's completion, which touches the coordinator, cannot be handed over. These
// spellings take a main-actor completion instead, and Swift picks them for a closure written in place (a non-optional
// argument matches them more closely), in either language mode; `nil` still reaches the requirement.

extension Router {
    /// Pushes a module; `completion` runs on the main actor when the module leaves the stack, so it may touch the
    /// coordinator that wrote it.
    ///
    /// ```swift
    /// router.push(detail, animated: true) { self.removeDependency(detailFlow) }
    /// ```
    public func push(
        _ module: (any Presentable)?, animated: Bool, completion: @escaping @MainActor () -> Void
    ) {
        push(module, animated: animated, completion: MainActorCompletion.wrap(completion))
    }

    /// Pushes a module, hiding the platform's bottom bar while it shows when `hideBottomBar` is `true`; `completion`
    /// runs on the main actor when the module leaves the stack.
    public func push(
        _ module: (any Presentable)?,
        animated: Bool,
        hideBottomBar: Bool,
        completion: @escaping @MainActor () -> Void
    ) {
        push(module, animated: animated, hideBottomBar: hideBottomBar, completion: MainActorCompletion.wrap(completion))
    }

    /// Dismisses the presented module; `completion` runs on the main actor once it is dismissed.
    public func dismissModule(animated: Bool, completion: @escaping @MainActor () -> Void) {
        dismissModule(animated: animated, completion: MainActorCompletion.wrap(completion))
    }
}

/// A main-actor completion as the plain one `Router`'s requirements take.
enum MainActorCompletion {
    /// Runs `completion` at once when the router calls it on the main thread (Conductor's routers do); when a router
    /// of the app's own calls it from another thread, on the main actor after the work queued there. Optional, as the
    /// requirements take it: a call with it reaches the requirement, not the main-actor spelling again.
    static func wrap(_ completion: @escaping @MainActor () -> Void) -> (@Sendable () -> Void)? {
        {
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { completion() }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { completion() } }
            }
        }
    }
}
