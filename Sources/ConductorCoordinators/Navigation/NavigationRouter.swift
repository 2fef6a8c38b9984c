internal import IssueReporting

/// Shows modules: a navigation stack (push, pop, set root, pop to root) and a chain of presented modals.
///
/// Coordinators drive a router; a platform adapter implements it — ``HeadlessNavigationRouter`` in memory, a
/// platform container through ``HostedNavigationRouter`` (see <doc:PlatformHosts>). Every completion runs exactly once: a push's
/// completion when its module leaves the stack, by ``pop(animated:)``, ``popToRoot(animated:)``, a new root, or the
/// platform popping it itself (back button, swipe), which the adapter reports with
/// ``platformDidPop(to:)``.
///
/// Its methods throw typed ``NavigationError``s. The seed's non-throwing names (`push(_:animated:hideBottomBar:completion:)`,
/// `popModule(animated:)`, …) live in `ConductorCoordinatorsCompat`, and report errors through ``onError``.
@preconcurrency @MainActor
public protocol NavigationRouter: Presentable {
    /// A name for errors and logs.
    var name: String { get }
    /// The navigation stack, root first.
    var stack: [any Presentable] { get }
    /// The presented modals, outermost first.
    var presented: [any Presentable] { get }
    /// Receives the errors the router cannot throw: those of the platform's own changes reported by a host, and of
    /// the seed-named methods of `ConductorCoordinatorsCompat`.
    var onError: (@MainActor (NavigationError) -> Void)? { get set }

    /// Presents a module modally over the current one.
    /// - Parameters:
    ///   - module: What to present.
    ///   - animated: Whether the platform animates the change.
    ///   - completion: Runs once the module is presented.
    ///   - onDismiss: Runs exactly once when the module is dismissed, by ``dismiss(animated:completion:)`` or by the
    ///     user (a sheet dragged away, which the platform's adapter reports): where a presented flow finishes.
    func present(
        _ module: any Presentable,
        animated: Bool,
        completion: (() -> Void)?,
        onDismiss: (() -> Void)?
    ) throws(NavigationError)
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
    /// Presents a module modally over the current one, with nothing to run when it is dismissed.
    public func present(_ module: any Presentable, animated: Bool, completion: (() -> Void)?) throws(NavigationError) {
        try present(module, animated: animated, completion: completion, onDismiss: nil)
    }

    /// The stack's module names joined by `›`, followed by the presented modals in brackets (a presented router's
    /// own breadcrumb): `Items › Detail [modal create: New item]`.
    public var breadcrumb: String {
        var text = stack.isEmpty ? "(empty)" : stack.map(\.moduleName).joined(separator: " › ")
        for modal in presented {
            if let router = modal as? any NavigationRouter {
                text += " [modal \(router.name): \(router.breadcrumb)]"
            } else {
                text += " [modal: \(modal.moduleName)]"
            }
        }
        return text
    }

    /// Whether the stack holds more than its root.
    public var canPop: Bool { stack.count > 1 }
    /// The module at the top of the stack.
    public var topModule: (any Presentable)? { stack.last }

    /// The router whose screen the user sees, from this one: the stack or the selected tab's router a window's router
    /// shows, the stack of a router presented over it (a modal flow), at any depth — the one read of what is shown
    /// that every front end makes, instead of walking the routers itself.
    ///
    /// ```swift
    /// let shown = root.visibleRouter.visibleModule    // the screen in front of the user
    /// ```
    public var visibleRouter: any NavigationRouter {
        var visible: any NavigationRouter = self
        // Bounded by the routers a tree can nest: a router presented in itself is refused when presented.
        for _ in 0..<64 {
            if let modal = visible.presented.last as? any NavigationRouter {
                visible = modal
            } else if visible.presented.isEmpty, let tabs = visible.topModule as? TabRouter {
                visible = tabs.selectedRouter
            } else if visible.presented.isEmpty, let stack = visible.topModule as? any NavigationRouter {
                visible = stack  // a window's root: the stack it shows
            } else {
                break
            }
        }
        return visible
    }

    /// The module the user sees on this router: the module presented last, or the top of the stack.
    public var visibleModule: (any Presentable)? { presented.last ?? topModule }
}

extension NavigationRouter {
    /// What a router shows for `module`: its ``Presentable/toPresent()``, checked the same way by every router.
    ///
    /// A module the host cannot show, or with nothing to show, is a ``NavigationError``. A module already shown by
    /// this router — on its stack (unless `allowingStack`, for a new root) or presented — is a mistake in the program:
    /// it is reported (`reportIssue`) and `nil` is returned, so the operation does nothing.
    package func moduleToShow(
        _ module: any Presentable,
        _ operation: String,
        allowingStack: Bool = false,
        canShow: (any Presentable) -> Bool = { _ in true }
    ) throws(NavigationError) -> (any Presentable)? {
        guard let shown = module.toPresent() else { throw .nothingToShow(operation: operation) }
        if !canShow(shown) { throw .cannotShow(module: shown.moduleName, router: name) }
        let onStack =
            !allowingStack
            && ((self as? HostedNavigationRouter)?.isOnStack(shown) ?? stack.contains { $0 === shown })
        guard !onStack, !presented.contains(where: { $0 === shown }), shown !== self else {
            reportIssue(
                "Module '\(shown.moduleName)' is already shown by router '\(name)', so \(operation) did nothing: a "
                    + "module is shown in one place at a time. Create a new module, or pop back to it.")
            return nil
        }
        return shown
    }
}
