public import ConductorCoordinators
internal import ConductorSupport
internal import Dispatch
internal import Foundation
internal import Logging

// Conductor's router (headless or hosted: one type) as the seed's `Router`. Each witness is callable from any thread,
// and marked as the less favoured overload: a call through `any Router` reaches it, while main-actor code that holds
// the concrete router calls the main-actor spellings `NavigationRouter` gets in Router.swift, which take modules and
// completions without handing them over. Both end in the `seed…` implementations there.

extension HostedNavigationRouter: Router {}

/// The seed's calls on every Conductor router, as the witnesses of its `Router` conformance.
extension Router where Self: NavigationRouter & Sendable {
    /// Presents a module modally, animated; callable from any thread.
    @_disfavoredOverload
    public nonisolated func present(_ module: (any Presentable)?) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "present(_:)") { $0.seedPresent(handed.module, animated: true) }
    }

    /// Presents a module modally; callable from any thread.
    @_disfavoredOverload
    public nonisolated func present(_ module: (any Presentable)?, animated: Bool) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "present(_:animated:)") { $0.seedPresent(handed.module, animated: animated) }
    }

    /// Pushes a module, animated; callable from any thread.
    @_disfavoredOverload
    public nonisolated func push(_ module: (any Presentable)?) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "push(_:)") {
            $0.seedPush(handed.module, animated: true, hideBottomBar: false, completion: nil)
        }
    }

    /// Pushes a module, animated, hiding the bottom bar while it shows when `hideBottomBar` is `true`; callable from
    /// any thread.
    @_disfavoredOverload
    public nonisolated func push(_ module: (any Presentable)?, hideBottomBar: Bool) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "push(_:hideBottomBar:)") {
            $0.seedPush(handed.module, animated: true, hideBottomBar: hideBottomBar, completion: nil)
        }
    }

    /// Pushes a module; callable from any thread.
    @_disfavoredOverload
    public nonisolated func push(_ module: (any Presentable)?, animated: Bool) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "push(_:animated:)") {
            $0.seedPush(handed.module, animated: animated, hideBottomBar: false, completion: nil)
        }
    }

    /// Pushes a module; `completion` runs when it leaves the stack. Callable from any thread.
    @_disfavoredOverload
    public nonisolated func push(
        _ module: (any Presentable)?,
        animated: Bool,
        completion: sending (() -> Void)?
    ) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "push(_:animated:completion:)") {
            $0.seedPush(handed.module, animated: animated, hideBottomBar: false, completion: completion)
        }
    }

    /// Pushes a module, hiding the bottom bar while it shows when `hideBottomBar` is `true`; `completion` runs when
    /// it leaves the stack. Callable from any thread.
    @_disfavoredOverload
    public nonisolated func push(
        _ module: (any Presentable)?,
        animated: Bool,
        hideBottomBar: Bool,
        completion: sending (() -> Void)?
    ) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "push(_:animated:hideBottomBar:completion:)") {
            $0.seedPush(handed.module, animated: animated, hideBottomBar: hideBottomBar, completion: completion)
        }
    }

    /// Pops the top module, animated; callable from any thread.
    @_disfavoredOverload
    public nonisolated func popModule() {
        SeedRouting.run(self, "popModule()") { $0.seedPop(animated: true) }
    }

    /// Pops the top module; callable from any thread.
    @_disfavoredOverload
    public nonisolated func popModule(animated: Bool) {
        SeedRouting.run(self, "popModule(animated:)") { $0.seedPop(animated: animated) }
    }

    /// Dismisses the presented module, animated; callable from any thread.
    @_disfavoredOverload
    public nonisolated func dismissModule() {
        SeedRouting.run(self, "dismissModule()") { $0.seedDismiss(animated: true, completion: nil) }
    }

    /// Dismisses the presented module; `completion` runs once it is dismissed. Callable from any thread.
    @_disfavoredOverload
    public nonisolated func dismissModule(animated: Bool, completion: sending (() -> Void)?) {
        SeedRouting.run(self, "dismissModule(animated:completion:)") {
            $0.seedDismiss(animated: animated, completion: completion)
        }
    }

    /// Replaces the stack with one root module; callable from any thread.
    @_disfavoredOverload
    public nonisolated func setRootModule(_ module: (any Presentable)?) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "setRootModule(_:)") { $0.seedSetRoot(handed.module, hideBar: false) }
    }

    /// Replaces the stack with one root module, hiding the navigation bar when `hideBar` is `true`; callable from
    /// any thread.
    @_disfavoredOverload
    public nonisolated func setRootModule(_ module: (any Presentable)?, hideBar: Bool) {
        let handed = HandedModule(module: module)
        SeedRouting.run(self, "setRootModule(_:hideBar:)") { $0.seedSetRoot(handed.module, hideBar: hideBar) }
    }

    /// Pops back to the root module; callable from any thread.
    @_disfavoredOverload
    public nonisolated func popToRootModule(animated: Bool) {
        SeedRouting.run(self, "popToRootModule(animated:)") { $0.popToRoot(animated: animated) }
    }
}

/// A module on its way to the main actor, where a Conductor router shows it.
///
/// `@unchecked Sendable` is sound for how the witnesses above use it. Called on the main thread — every main-actor
/// caller, and every seed-era caller that keeps the seed's rule — ``SeedRouting/run(_:_:_:)`` runs the body at once,
/// on that thread, before the call returns: the module never leaves the caller's isolation. Called from another
/// thread — the misuse `run` logs — the body runs on the main thread after the call has returned, and touches the
/// module only through `Presentable`, whose requirements are isolated to the main actor; what a caller could still do
/// with the module on its own thread meanwhile is what it could do with any main-actor object it holds. `Router` does
/// not make its modules `sending`, so that a coordinator on the main actor presents a module tied to itself (a
/// screen whose callbacks capture the coordinator), as the seed's README does.
struct HandedModule: @unchecked Sendable {
    let module: (any Presentable)?
}

/// How the seed's calls reach a Conductor router, which lives on the main actor, from code that may not.
enum SeedRouting {
    private static let logger = Logger(label: "Conductor.Navigation")

    /// Whether the caller runs on the main queue, where main-actor work runs (``ConductorSupport``'s `MainQueue`).
    static var isOnMainQueue: Bool { MainQueue.isCurrent }

    /// Runs `body` with `router` on the main actor: at once on the main thread; from another thread, after logging
    /// the misuse, on the main thread after the work already queued there — so calls made from one thread keep their
    /// order.
    static func run<R: NavigationRouter & Sendable>(
        _ router: R,
        _ call: String,
        _ body: @escaping @MainActor (R) -> Void
    ) {
        if isOnMainQueue {
            MainActor.assumeIsolated { body(router) }
            return
        }
        let message =
            "Router.\(call) was called off the main thread. A navigation router lives on the main actor: the call "
            + "was made on the main thread, after the work queued there. Call it from the main thread "
            + "(DispatchQueue.main.async { … })."
        logger.error("\(message)")
        DispatchQueue.main.async { MainActor.assumeIsolated { body(router) } }
    }
}
