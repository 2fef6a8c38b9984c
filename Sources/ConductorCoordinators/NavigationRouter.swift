/// Shows modules: a navigation stack (push, pop, set root, pop to root) and a chain of presented modals.
///
/// Coordinators drive a router; a platform adapter implements it — ``HeadlessNavigationRouter`` in memory, a
/// platform container through ``HostedNavigationRouter`` (see <doc:PlatformHosts>). Every completion runs exactly once: a push's
/// completion when its module leaves the stack, by ``pop(animated:)``, ``popToRoot(animated:)``, a new root, or the
/// platform popping it itself (back button, swipe), which the adapter reports with
/// ``platformDidPop(to:)``.
///
/// The throwing methods are Conductor's API. The seed's names (`push(_:animated:hideBottomBar:completion:)`,
/// `popModule(animated:)`, …) are kept as non-throwing forms in an extension; they report errors through
/// ``onError``.
@MainActor
public protocol NavigationRouter: Presentable {
    /// A name for errors and logs.
    var name: String { get }
    /// The navigation stack, root first.
    var stack: [any Presentable] { get }
    /// The presented modals, outermost first.
    var presented: [any Presentable] { get }
    /// Receives the errors of the non-throwing, seed-named methods.
    var onError: (@MainActor (NavigationError) -> Void)? { get set }

    /// Presents a module modally over the current one.
    /// - Parameters:
    ///   - module: What to present.
    ///   - animated: Whether the platform animates the change.
    ///   - completion: Runs once the module is presented.
    func present(_ module: any Presentable, animated: Bool, completion: (() -> Void)?) throws(NavigationError)
    /// Dismisses the topmost presented module.
    /// - Parameters:
    ///   - animated: Whether the platform animates the change.
    ///   - completion: Runs once it is dismissed.
    func dismiss(animated: Bool, completion: (() -> Void)?) throws(NavigationError)
    /// Pushes a module onto the stack.
    /// - Parameters:
    ///   - module: What to push.
    ///   - animated: Whether the platform animates the change.
    ///   - hidesBottomBar: Whether the platform hides its bottom bar while the module shows.
    ///   - onPop: Runs exactly once, when the module leaves the stack.
    func push(_ module: any Presentable, animated: Bool, hidesBottomBar: Bool, onPop: (() -> Void)?)
        throws(NavigationError)
    /// Pops the top module, running its push completion.
    func pop(animated: Bool) throws(NavigationError)
    /// Replaces the stack with one root module, running the completions of every module removed.
    /// - Parameters:
    ///   - module: The new root.
    ///   - hideBar: Whether the platform hides its navigation bar.
    func setRoot(_ module: any Presentable, hideBar: Bool) throws(NavigationError)
    /// Pops every module above the root, running each one's completion, top first.
    func popToRoot(animated: Bool)
    /// Tells the router the platform popped the stack back to `module` itself (back button, swipe); the completions
    /// of the modules above it run, top first.
    func platformDidPop(to module: any Presentable) throws(NavigationError)
}

extension NavigationRouter {
    /// Whether the stack holds more than its root.
    public var canPop: Bool { stack.count > 1 }
    /// The module at the top of the stack.
    public var topModule: (any Presentable)? { stack.last }

    // MARK: The seed's vocabulary (ApplicationCoordinator's Router), non-throwing

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
