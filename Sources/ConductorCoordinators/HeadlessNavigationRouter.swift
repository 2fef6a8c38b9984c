public import Observation

/// A navigation router that keeps everything in memory: the stack, the chain of presented modals, and a log of
/// events. For tests, and for front ends without UIKit, such as a terminal app.
///
/// ```swift
/// let router = HeadlessNavigationRouter(name: "main")
/// try router.setRoot(ItemsScreen(), hideBar: false)
/// try router.push(DetailScreen(id: 3), animated: true, hidesBottomBar: false) { print("detail closed") }
/// print(router)          // main: ItemsScreen › DetailScreen
/// try router.pop(animated: true)
/// ```
///
/// It is `Observable`: views of ``stack``, ``presented`` and ``events`` update as they change. A presented module that
/// is itself a router (a modal flow with a stack of its own) prints nested: `main: Items [modal create: Create]`.
@MainActor
@Observable
public final class HeadlessNavigationRouter: NavigationRouter, @MainActor CustomStringConvertible {
    /// The router's name, used in errors and its printout.
    public let name: String
    /// The navigation stack, root first.
    public var stack: [any Presentable] { modules.modules }
    /// The presented modals, outermost first.
    public private(set) var presented: [any Presentable] = []
    /// The latest changes, in order: at most about ``eventLimit`` of them, older ones are dropped.
    public private(set) var events: [NavigationEvent] = []
    /// How many ``events`` the router keeps, so that a long-running app's log stays bounded; 1,000 by default.
    @ObservationIgnored public var eventLimit = 1_000
    /// Receives the errors of the non-throwing, seed-named methods. Logs them at error level through swift-log
    /// (label `Conductor.Navigation`) by default; set it to handle them yourself. Never `nil` unless you make it so.
    @ObservationIgnored public var onError: (@MainActor (NavigationError) -> Void)? = NavigationErrorLog.report
    /// Whether the platform would hide its bars, as the last push and set-root asked.
    public private(set) var hidesBottomBar = false
    /// Whether the platform would hide its navigation bar, as the last set-root asked.
    public private(set) var hidesNavigationBar = false

    private var modules = ModuleStack()
    /// What to run when each presented module is dismissed.
    @ObservationIgnored private var dismissals: [ObjectIdentifier: () -> Void] = [:]

    /// Creates an empty router.
    /// - Parameter name: The router's name in errors and its printout.
    public init(name: String = "router") {
        self.name = name
    }

    /// The router's name.
    public var moduleName: String { name }

    // MARK: NavigationRouter

    /// Appends a module to the presented chain and calls `completion` at once; `onDismiss` runs when it is
    /// dismissed.
    public func present(
        _ module: any Presentable,
        animated: Bool,
        completion: (() -> Void)?,
        onDismiss: (() -> Void)?
    ) throws(NavigationError) {
        guard let shown = try moduleToShow(module, "present") else { return }
        presented.append(shown)
        if let onDismiss { dismissals[ObjectIdentifier(shown)] = onDismiss }
        record(.present(shown.moduleName))
        completion?()
    }

    /// Removes the topmost presented module, runs its `onDismiss`, and calls `completion` at once.
    public func dismiss(animated: Bool, completion: (() -> Void)?) throws(NavigationError) {
        guard let top = presented.popLast() else { throw .nothingPresented(router: name) }
        record(.dismiss(top.moduleName))
        dismissals.removeValue(forKey: ObjectIdentifier(top))?()
        completion?()
    }

    /// Pushes a module; `onPop` runs exactly once, when it leaves the stack.
    public func push(
        _ module: any Presentable,
        animated: Bool,
        hidesBottomBar: Bool,
        onPop: (() -> Void)?
    ) throws(NavigationError) {
        guard let shown = try moduleToShow(module, "push") else { return }
        modules.push(shown, onPop: onPop)
        if _hidesBottomBar != hidesBottomBar { self.hidesBottomBar = hidesBottomBar }
        record(.push(shown.moduleName))
    }

    /// Pops the top module and runs its completion.
    public func pop(animated: Bool) throws(NavigationError) {
        let count = _modules.modules.count
        guard count > 1 else { throw .nothingToPop(router: name) }
        let removal = modules.removeModules(above: count - 2)
        record(.pop(removal.names))
        removal.runCompletions()
    }

    /// Replaces the stack with `module`, running the completions of every module removed, top first.
    public func setRoot(_ module: any Presentable, hideBar: Bool) throws(NavigationError) {
        guard let shown = try moduleToShow(module, "setRoot", allowingStack: true) else { return }
        let removal = modules.setRoot(shown)
        if !removal.names.isEmpty { record(.pop(removal.names)) }
        hidesNavigationBar = hideBar
        record(.setRoot(shown.moduleName))
        removal.runCompletions()
    }

    /// Pops every module above the root, running each one's completion, top first. Does nothing at the root.
    public func popToRoot(animated: Bool) {
        guard stack.count > 1 else { return }
        let removal = modules.removeModules(above: 0)
        record(.pop(removal.names))
        removal.runCompletions()
    }

    /// Records that the platform popped back to `module`, running the completions of the modules above it.
    public func platformDidPop(to module: any Presentable) throws(NavigationError) {
        guard let index = stack.firstIndex(where: { $0 === module }) else {
            throw .notOnStack(module: module.moduleName, router: name)
        }
        guard index < stack.count - 1 else { return }
        let removal = modules.removeModules(above: index)
        record(.platformPop(removal.names))
        removal.runCompletions()
    }

    // MARK: Printing

    /// The stack as a breadcrumb, with presented modals in brackets: `main: Items › Detail [modal: Create]`.
    public var description: String { "\(name): \(breadcrumb)" }

    // MARK: Internals

    // The internals read the stored properties behind Observation (`_events`, `_modules`, `_presented`): reads
    // made while changing the router need no tracking, and each tracked read costs a key path and a lock.

    private func record(_ event: NavigationEvent) {
        events.append(event)
        // Trim in batches, so that the cost of dropping old events is spread over many changes.
        let count = _events.count
        if count > eventLimit + eventLimit / 2 + 1 { events.removeFirst(count - eventLimit) }
    }
}
