public import ConductorCoordinators

/// ApplicationCoordinator's `Router`: the seed's navigation calls, as requirements.
///
/// Conductor's routers conform — `HeadlessNavigationRouter`, and `HostedNavigationRouter`, which ConductorUIKit's
/// `UIKitNavigationHost.makeRouter(name:)` returns in place of the seed's `RouterImp` — and so does an app's own
/// router or test double written against the seed's protocol: each call through `Router` reaches the conforming
/// type's own method.
///
/// ```swift
/// router.setRootModule(itemsList, hideBar: false)
/// router.push(itemDetail, hideBottomBar: true)
/// router.popModule()
/// ```
///
/// The requirements are not isolated, so code that is not on the main actor — coordinators written before strict
/// concurrency, XCTest cases — calls them through `Router` as it did. Conductor's routers live on the main actor:
/// called on the main thread they act at once; called from another thread, they log the misuse (swift-log, label
/// `Conductor.Navigation`) and act on the main thread, in order. Their errors go to their `onError`, never dropped.
/// Modules are not handed over (`sending`): a main-actor coordinator presents a module tied to itself — a screen
/// whose callbacks capture the coordinator, the README's creation box — in Swift 6 mode as in Swift 5. Completions
/// are handed over; main-actor code writes them in place and gets the main-actor spellings
/// (`Router+MainActorCompletions`). Main-actor code that holds a router's own type, or `any NavigationRouter`, calls
/// the same names on `NavigationRouter`, which take modules and completions without handing them over.
///
/// Unlike the seed's, `Router` does not refine `Presentable`: Conductor's `Presentable` is isolated to the main
/// actor, which would isolate every router written for tests. Conductor's routers are `Presentable` themselves.
public protocol Router {
    /// Presents a module modally, animated.
    func present(_ module: (any Presentable)?)
    /// Presents a module modally.
    func present(_ module: (any Presentable)?, animated: Bool)
    /// Pushes a module, animated.
    func push(_ module: (any Presentable)?)
    /// Pushes a module, animated, hiding the platform's bottom bar while it shows when `hideBottomBar` is `true`.
    func push(_ module: (any Presentable)?, hideBottomBar: Bool)
    /// Pushes a module.
    func push(_ module: (any Presentable)?, animated: Bool)
    /// Pushes a module; `completion` runs when it leaves the stack.
    @_disfavoredOverload  // a completion written in place goes to the main-actor spelling
    func push(_ module: (any Presentable)?, animated: Bool, completion: sending (() -> Void)?)
    /// Pushes a module, hiding the platform's bottom bar while it shows when `hideBottomBar` is `true`;
    /// `completion` runs when it leaves the stack.
    @_disfavoredOverload  // a completion written in place goes to the main-actor spelling
    func push(
        _ module: (any Presentable)?,
        animated: Bool,
        hideBottomBar: Bool,
        completion: sending (() -> Void)?
    )
    /// Pops the top module, animated.
    func popModule()
    /// Pops the top module.
    func popModule(animated: Bool)
    /// Dismisses the presented module, animated.
    func dismissModule()
    /// Dismisses the presented module; `completion` runs once it is dismissed.
    @_disfavoredOverload  // a completion written in place goes to the main-actor spelling
    func dismissModule(animated: Bool, completion: sending (() -> Void)?)
    /// Replaces the stack with one root module.
    func setRootModule(_ module: (any Presentable)?)
    /// Replaces the stack with one root module, hiding the navigation bar when `hideBar` is `true`.
    func setRootModule(_ module: (any Presentable)?, hideBar: Bool)
    /// Pops back to the root module.
    func popToRootModule(animated: Bool)
}

/// The seed's names on every Conductor navigation router, for main-actor code that holds one as
/// `any NavigationRouter`. They call Conductor's throwing API and send its errors to the router's `onError`.
extension NavigationRouter {
    /// Presents a module, animated.
    public func present(_ module: (any Presentable)?) { seedPresent(module, animated: true) }

    /// Presents a module.
    public func present(_ module: (any Presentable)?, animated: Bool) { seedPresent(module, animated: animated) }

    /// Pushes a module, animated.
    public func push(_ module: (any Presentable)?) {
        seedPush(module, animated: true, hideBottomBar: false, completion: nil)
    }

    /// Pushes a module, animated, hiding the platform's bottom bar while it shows when `hideBottomBar` is `true`.
    public func push(_ module: (any Presentable)?, hideBottomBar: Bool) {
        seedPush(module, animated: true, hideBottomBar: hideBottomBar, completion: nil)
    }

    /// Pushes a module.
    public func push(_ module: (any Presentable)?, animated: Bool) {
        seedPush(module, animated: animated, hideBottomBar: false, completion: nil)
    }

    /// Pushes a module, with a completion that runs when it leaves the stack.
    public func push(_ module: (any Presentable)?, animated: Bool, completion: (() -> Void)?) {
        seedPush(module, animated: animated, hideBottomBar: false, completion: completion)
    }

    /// The seed's `push(_:animated:hideBottomBar:completion:)`: `completion` runs when the module leaves the stack.
    public func push(_ module: (any Presentable)?, animated: Bool, hideBottomBar: Bool, completion: (() -> Void)?) {
        seedPush(module, animated: animated, hideBottomBar: hideBottomBar, completion: completion)
    }

    /// Pops the top module, animated.
    public func popModule() { seedPop(animated: true) }

    /// Pops the top module.
    public func popModule(animated: Bool) { seedPop(animated: animated) }

    /// Dismisses the presented module, animated.
    public func dismissModule() { seedDismiss(animated: true, completion: nil) }

    /// Dismisses the presented module.
    public func dismissModule(animated: Bool, completion: (() -> Void)?) {
        seedDismiss(animated: animated, completion: completion)
    }

    /// Replaces the stack with one root module.
    public func setRootModule(_ module: (any Presentable)?) { seedSetRoot(module, hideBar: false) }

    /// Replaces the stack with one root module.
    public func setRootModule(_ module: (any Presentable)?, hideBar: Bool) { seedSetRoot(module, hideBar: hideBar) }

    /// Pops back to the root module.
    public func popToRootModule(animated: Bool) { popToRoot(animated: animated) }

    // MARK: The implementations both spellings share

    func seedPresent(_ module: (any Presentable)?, animated: Bool) {
        seedPerform(module, "present") { (module) throws(NavigationError) in
            try present(module, animated: animated, completion: nil)
        }
    }

    func seedPush(_ module: (any Presentable)?, animated: Bool, hideBottomBar: Bool, completion: (() -> Void)?) {
        seedPerform(module, "push") { (module) throws(NavigationError) in
            try push(module, animated: animated, hidesBottomBar: hideBottomBar, onPop: completion)
        }
    }

    func seedPop(animated: Bool) {
        do { try pop(animated: animated) } catch { report(error) }
    }

    func seedDismiss(animated: Bool, completion: (() -> Void)?) {
        do { try dismiss(animated: animated, completion: completion) } catch { report(error) }
    }

    func seedSetRoot(_ module: (any Presentable)?, hideBar: Bool) {
        seedPerform(module, "setRoot") { (module) throws(NavigationError) in try setRoot(module, hideBar: hideBar) }
    }

    /// Runs a throwing operation on a module that may be `nil`, reporting failures through ``onError``.
    private func seedPerform(
        _ module: (any Presentable)?,
        _ operation: String,
        _ body: (any Presentable) throws(NavigationError) -> Void
    ) {
        do throws(NavigationError) {
            guard let module else { throw .nothingToShow(operation: operation) }
            try body(module)
        } catch {
            report(error)
        }
    }

    /// Sends an error to ``onError``, or logs it when there is none: a seed-named call's failure is never dropped.
    private func report(_ error: NavigationError) { (onError ?? NavigationErrorLog.report)(error) }
}
