public import ConductorCoordinators

/// ApplicationCoordinator's `Router`: Conductor's ``ConductorCoordinators/NavigationRouter``, whose seed-named,
/// non-throwing methods this module adds. Their errors go to the router's `onError` (logged by default), never
/// dropped.
///
/// ```swift
/// router.setRootModule(itemsList, hideBar: false)
/// router.push(itemDetail)
/// router.popModule()
/// ```
public typealias Router = NavigationRouter

extension NavigationRouter {
    /// Presents a module, animated.
    public func present(_ module: (any Presentable)?) { present(module, animated: true) }

    /// Presents a module.
    public func present(_ module: (any Presentable)?, animated: Bool) {
        perform(module, "present") { (module) throws(NavigationError) in
            try present(module, animated: animated, completion: nil)
        }
    }

    /// Pushes a module, animated.
    public func push(_ module: (any Presentable)?) { push(module, animated: true) }

    /// Pushes a module.
    public func push(_ module: (any Presentable)?, animated: Bool) {
        push(module, animated: animated, hideBottomBar: false, completion: nil)
    }

    /// Pushes a module, with a completion that runs when it leaves the stack.
    public func push(_ module: (any Presentable)?, animated: Bool, completion: (() -> Void)?) {
        push(module, animated: animated, hideBottomBar: false, completion: completion)
    }

    /// The seed's `push(_:animated:hideBottomBar:completion:)`: `completion` runs when the module leaves the stack.
    public func push(_ module: (any Presentable)?, animated: Bool, hideBottomBar: Bool, completion: (() -> Void)?) {
        perform(module, "push") { (module) throws(NavigationError) in
            try push(module, animated: animated, hidesBottomBar: hideBottomBar, onPop: completion)
        }
    }

    /// Pops the top module, animated.
    public func popModule() { popModule(animated: true) }

    /// Pops the top module.
    public func popModule(animated: Bool) {
        do { try pop(animated: animated) } catch { onError?(error) }
    }

    /// Dismisses the presented module, animated.
    public func dismissModule() { dismissModule(animated: true, completion: nil) }

    /// Dismisses the presented module.
    public func dismissModule(animated: Bool, completion: (() -> Void)?) {
        do { try dismiss(animated: animated, completion: completion) } catch { onError?(error) }
    }

    /// Replaces the stack with one root module.
    public func setRootModule(_ module: (any Presentable)?) { setRootModule(module, hideBar: false) }

    /// Replaces the stack with one root module.
    public func setRootModule(_ module: (any Presentable)?, hideBar: Bool) {
        perform(module, "setRoot") { (module) throws(NavigationError) in try setRoot(module, hideBar: hideBar) }
    }

    /// Pops back to the root module.
    public func popToRootModule(animated: Bool) { popToRoot(animated: animated) }

    /// Runs a throwing operation on a module that may be `nil`, reporting failures through ``onError``.
    private func perform(
        _ module: (any Presentable)?,
        _ operation: String,
        _ body: (any Presentable) throws(NavigationError) -> Void
    ) {
        do throws(NavigationError) {
            guard let module else { throw .nothingToShow(operation: operation) }
            try body(module)
        } catch {
            onError?(error)
        }
    }
}
