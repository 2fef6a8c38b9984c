#if canImport(AppKit) && os(macOS)
    public import AppKit
    public import ConductorCoordinators

    /// A container view controller that shows a navigation stack: the top view controller's view fills it, the
    /// others wait as its children. AppKit has no navigation controller; this is the plain one an
    /// ``AppKitNavigationHost`` drives.
    ///
    /// Put it where the stack shows — a window's `contentViewController`, a tab, a split view item — and make its
    /// router with ``makeRouter(name:)``:
    ///
    /// <!-- not compiled: AppKit, on Apple platforms only -->
    /// ```swift
    /// let stack = AppKitStackViewController()
    /// window.contentViewController = stack
    /// let router = stack.makeRouter(name: "main")
    /// try router.setRoot(ItemsViewController(), hideBar: false)
    /// ```
    ///
    /// Changes show at once: AppKit has no navigation animation of its own. The one thing the user can do to the
    /// stack is go back, with the ``goBack(_:)`` action, which the host reports to the router as the platform popping
    /// the top module.
    @MainActor
    public final class AppKitStackViewController: NSViewController, HeldUntilOwned, NSUserInterfaceValidations {
        /// The host that drives this container, while a router keeps it. Held weakly: the router owns its host, and
        /// the host keeps this container until something else owns it.
        public internal(set) weak var host: AppKitNavigationHost?
        /// The view controllers of the stack, root first, as the host last set them.
        public private(set) var stack: [NSViewController] = []

        /// Creates an empty container; its router sets what it shows.
        public init() {
            super.init(nibName: nil, bundle: nil)
        }

        /// Not supported: create containers in code.
        public required init?(coder: NSCoder) { nil }

        /// The view controller shown: the top of the stack.
        package var topViewController: NSViewController? { stack.last }

        /// Whether ``goBack(_:)`` has something to pop: the stack holds more than its root.
        package var canGoBack: Bool { stack.count > 1 }

        /// A router over this container: a new ``AppKitNavigationHost`` (or the one it has), and a
        /// ``ConductorCoordinators/HostedNavigationRouter`` on it, which keeps the host and, through it, this
        /// container until something else owns it (a window, a presenting view controller, a parent).
        public func makeRouter(name: String) -> HostedNavigationRouter {
            (host ?? AppKitNavigationHost(self)).makeRouter(name: name)
        }

        /// A plain view that the top view controller's view fills.
        public override func loadView() {
            view = NSView()
        }

        /// The container is about to appear: what shows it — a window, a presenting view controller, a parent — keeps
        /// it from now on, so its host stops keeping it.
        public override func viewWillAppear() {
            super.viewWillAppear()
            ownerTookOver()
        }

        /// Something else owns this container now: its host stops keeping it.
        func ownerTookOver() {
            host?.letGoOfContainer()
        }

        /// The user goes back: the top view controller leaves the stack, and the router hears that the platform
        /// popped it (its push completion runs). Does nothing on a stack of one.
        ///
        /// Give a menu item (Go ▸ Back, ⌘[) or a toolbar item the action `goBack:` and no target: AppKit sends it
        /// along the responder chain to the container that shows the focused view. A web view in focus takes
        /// `goBack:` first, as AppKit's responder chain has it.
        @objc public func goBack(_ sender: Any?) {
            host?.userDidGoBack()
        }

        /// Enables `goBack:` only when the stack can go back (a menu's Back item greys out on the root); other
        /// actions as the responder chain decides.
        public func validateUserInterfaceItem(_ item: any NSValidatedUserInterfaceItem) -> Bool {
            item.action == #selector(goBack(_:)) ? canGoBack : true
        }

        /// Shows exactly `controllers`, root first: those that left are removed, those that came are added as
        /// children, and the top one's view fills the container.
        func setStack(_ controllers: [NSViewController]) {
            let previousTop = stack.last
            for controller in stack where !controllers.contains(where: { $0 === controller }) {
                if controller.isViewLoaded, controller.view.superview === view { controller.view.removeFromSuperview() }
                if controller.parent === self { controller.removeFromParent() }
            }
            for controller in controllers where controller.parent !== self {
                addChild(controller)
                (controller as? any HeldUntilOwned)?.ownerTookOver()
            }
            stack = controllers
            let top = controllers.last
            if let previousTop, previousTop !== top, previousTop.isViewLoaded, previousTop.view.superview === view {
                previousTop.view.removeFromSuperview()
            }
            if let top, top.view.superview !== view {
                let content = top.view
                // A container that has no size yet (a flow's, before it is presented) takes its content's, so the
                // sheet or window that shows it opens at that size.
                if view.frame.size == .zero { view.setFrameSize(content.frame.size) }
                content.translatesAutoresizingMaskIntoConstraints = true
                content.autoresizingMask = [.width, .height]
                content.frame = view.bounds
                view.addSubview(content)
            }
            title = top?.title
        }
    }
#endif
