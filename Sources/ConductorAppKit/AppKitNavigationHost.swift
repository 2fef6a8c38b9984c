#if canImport(AppKit) && os(macOS)
    public import AppKit
    public import ConductorCoordinators

    // A view controller is a module: `toPresent()` returns itself. Module-qualified, as the conformance of an AppKit
    // type to a Conductor protocol is deliberate.
    extension NSViewController: ConductorCoordinators.Presentable {}

    /// An ``AppKitStackViewController`` as the host of a ``ConductorCoordinators/HostedNavigationRouter``: it shows
    /// the router's stack and sheets, and reports what the user does on their own — going back, closing a sheet — so
    /// the router runs the completions. Each method maps one AppKit call; every decision is the router's.
    ///
    /// | The router asks | AppKit |
    /// |---|---|
    /// | `show(stack:animated:)` | the container's children; the top one's view fills it |
    /// | `present(_:animated:completion:)` | a sheet on the window of the container, or of the sheet presented last |
    /// | `dismiss(_:animated:completion:)` | `dismiss(_:)` on the view controller that presented it |
    ///
    /// | The user | The router hears |
    /// |---|---|
    /// | `goBack:` (``AppKitStackViewController/goBack(_:)``) | `hostWillShow`, then `hostDidShow`: a shorter stack |
    /// | closes a sheet (`dismiss(_:)` from its Cancel button) | `hostDidDismiss`: the sheet's flow ends |
    ///
    /// <!-- not compiled: AppKit, on Apple platforms only -->
    /// ```swift
    /// let router = AppKitNavigationHost().makeRouter(name: "create")   // a flow's stack, to present as a sheet
    /// try router.setRoot(NewItemViewController(), hideBar: false)
    /// try main.present(router, animated: true, completion: nil) { flow.finish() }
    /// ```
    ///
    /// **Lifetime:** a router keeps its host, and the host keeps its container until something else owns it, so a
    /// flow's stack can be built before it is presented; from then on what shows the container keeps it — the window,
    /// the view controller that presented it, its parent — as in AppKit, and a dismissed flow is released with its
    /// screens even when a screen holds its coordinator. **Modules:** it shows view controllers, routers
    /// on AppKit hosts (their ``AppKitStackViewController``) and tab routers of ``AppKitTabContainer``s (their
    /// ``AppKitTabViewController``); the router refuses anything else with
    /// ``ConductorCoordinators/NavigationError/cannotShow(module:router:)``.
    @MainActor
    public final class AppKitNavigationHost: NavigationHost {
        /// The container it shows the stack in: kept until something else owns it, then held weakly (what shows it
        /// keeps it).
        public private(set) weak var container: AppKitStackViewController?
        /// The router it reports to; set by ``makeRouter(name:)``.
        public private(set) weak var router: HostedNavigationRouter?
        /// The container, until something else owns it: nothing else holds a flow's container before it is
        /// presented.
        private var keptContainer: AppKitStackViewController?

        /// A module and the view controller that shows it.
        private struct Shown {
            let module: any Presentable
            let controller: NSViewController
        }

        /// The stack shown, root first.
        private var stack: [Shown] = []
        /// The sheets shown, outermost first, each with the view controller it was presented from.
        private var sheets = PresentedSheets<NSViewController>()

        /// Becomes the host of `container` (its ``AppKitStackViewController/host``), which it keeps until something
        /// else owns the container: a window, a presenting view controller, a parent. One host per container: a
        /// second one takes the user's actions from the first.
        public init(_ container: AppKitStackViewController) {
            self.container = container
            keptContainer = container.hasOwner ? nil : container
            container.host = self
        }

        /// Becomes the host of a new, empty ``AppKitStackViewController``: a flow's stack, to present.
        public convenience init() {
            self.init(AppKitStackViewController())
        }

        /// A router over this host, which keeps the host alive and which the host reports to. One router per host: a
        /// second one takes the reports from the first.
        public func makeRouter(name: String) -> HostedNavigationRouter {
            let router = HostedNavigationRouter(name: name, host: self)
            self.router = router
            return router
        }

        /// The view controller that shows a module on AppKit: an `NSViewController` itself; the
        /// ``AppKitStackViewController`` of a router on an AppKit host; the ``AppKitTabViewController`` of a tab
        /// router of an ``AppKitTabContainer``. `nil` for any other module.
        ///
        /// Use it to put a router a factory made in a window:
        ///
        /// <!-- not compiled: AppKit, on Apple platforms only -->
        /// ```swift
        /// let root = AppKitRouterFactory().makeRouter(name: "main")
        /// window.contentViewController = AppKitNavigationHost.viewController(for: root)
        /// ```
        public static func viewController(for module: any Presentable) -> NSViewController? {
            if let controller = module as? NSViewController { return controller }
            if let router = module as? HostedNavigationRouter, let host = router.host as? AppKitNavigationHost {
                return host.container
            }
            if let tabs = module as? TabRouter, let container = tabs.host as? AppKitTabContainer {
                return container.tabViewController
            }
            return nil
        }

        // MARK: NavigationHost

        /// View controllers, routers on AppKit hosts and tab routers of AppKit tab containers.
        public func canShow(_ module: any Presentable) -> Bool { Self.viewController(for: module) != nil }

        /// Shows exactly this stack in the container: view controllers that stay keep their state.
        public func show(stack modules: [any Presentable], animated: Bool) {
            let previous = stack
            stack = modules.compactMap { module in
                if let kept = previous.first(where: { $0.module === module }) { return kept }
                guard let controller = Self.viewController(for: module) else { return nil }
                return Shown(module: module, controller: controller)
            }
            container?.setStack(stack.map(\.controller))
        }

        /// Presents a module as a sheet on the window of the container, or of the sheet presented last; on a
        /// container in no window, in a window of its own. `completion` runs once AppKit has begun the sheet. Sheets
        /// always animate, as AppKit shows them.
        public func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let container, let controller = Self.viewController(for: module) else { return completion() }
            let presenter = sheets.presenter(over: container)
            sheets.append(module, controller: controller, presenter: presenter)
            presenter.present(controller, animator: AppKitSheetAnimator(host: self))
            (controller as? any HeldUntilOwned)?.ownerTookOver()
            completion()
        }

        /// Dismisses the sheet that shows `module`, and any sheet above it, each from the view controller that
        /// presented it, topmost first (AppKit's `dismiss(_:)` takes only the view controller it is given); a presented
        /// flow's own sheets end before its stack does, and its router hears it. `completion` runs once AppKit has
        /// ended the sheets.
        public func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
            // Taken off first: the dismissals that follow are the router's, not ones to report back.
            for sheet in sheets.takeForDismissal(of: module) { end(sheet) }
            completion()
        }

        /// Ends one sheet on screen: first the sheets the flow it shows presented (the stack of a router on another
        /// AppKit host), then its own.
        private func end(_ sheet: PresentedSheets<NSViewController>.Sheet) {
            if let nested = sheet.module as? HostedNavigationRouter, let host = nested.host as? AppKitNavigationHost {
                host.endEverySheet()
            }
            if let presenter = sheet.presenter, sheet.controller.presentingViewController != nil {
                presenter.dismiss(sheet.controller)
            }
        }

        /// Ends every sheet this host shows, topmost first, and tells its router they left: the flow whose stack
        /// presented them is leaving the screen under them.
        private func endEverySheet() {
            let taken = sheets.takeAll()
            for sheet in taken { end(sheet) }
            if let outermost = taken.last { router?.hostDidDismiss(outermost.module) }
        }

        // MARK: What the user does

        /// Something else owns the container now (it appears, or is a parent's child, or is presented): the host
        /// stops keeping it.
        func letGoOfContainer() {
            keptContainer = nil
        }

        /// The user went back (``AppKitStackViewController/goBack(_:)``): the router hears the stack the container is
        /// about to show, then that it shows it, and runs the completion of the module that left.
        func userDidGoBack() {
            guard stack.count > 1 else { return }
            let remaining = Array(stack.dropLast())
            let modules = remaining.map(\.module)
            router?.hostWillShow(modules)
            stack = remaining
            container?.setStack(remaining.map(\.controller))
            do throws(NavigationError) {
                try router?.hostDidShow(modules)
            } catch {
                router?.onError?(error)
            }
        }

        /// AppKit dismissed the sheet of `controller`. When the router did not ask for it (the sheet's Cancel button
        /// called `dismiss(_:)`), the router hears that the user dismissed its module, and the sheets over it.
        func sheetDidEnd(_ controller: NSViewController) {
            let taken = sheets.takeEnded(controller)
            guard let ended = taken.last else { return }
            // A sheet over it (one in a window of its own) leaves with it, as the router's value says.
            for sheet in taken.dropLast() { end(sheet) }
            router?.hostDidDismiss(ended.module)
        }
    }

    /// A view controller that a router keeps alive (through its host, or as an associated object) only until
    /// something else owns it — so a flow can be built before it is shown, and a router never keeps what a screen of
    /// its own holds alive in a cycle.
    @MainActor
    protocol HeldUntilOwned: AnyObject {
        /// Something else owns this view controller now: a window, a presenting view controller, a parent.
        func ownerTookOver()
    }

    extension NSViewController {
        /// Whether something already owns this view controller: a parent, a presenting view controller, or a window.
        var hasOwner: Bool {
            parent != nil || presentingViewController != nil || (isViewLoaded && view.window != nil)
        }
    }

    /// Presents a view controller as a sheet, as `presentAsSheet(_:)` does, and tells its host when AppKit dismisses
    /// it — by the router or by the sheet itself (`dismiss(_:)`, a Cancel button). AppKit gives `presentAsSheet` no
    /// such callback; an animator is the documented way to be told: `present(_:animator:)` keeps it until
    /// `dismiss(_:)`, which calls ``animateDismissal(of:from:)``.
    @MainActor
    final class AppKitSheetAnimator: NSObject, NSViewControllerPresentationAnimator {
        private weak var host: AppKitNavigationHost?
        private var window: NSWindow?

        init(host: AppKitNavigationHost) {
            self.host = host
            super.init()
        }

        /// Shows the view controller in a sheet on the presenter's window, or in a window of its own.
        func animatePresentation(of viewController: NSViewController, from fromViewController: NSViewController) {
            let sheet = NSWindow(contentViewController: viewController)
            window = sheet
            if let parent = fromViewController.view.window {
                parent.beginSheet(sheet) { _ in
                    // AppKit keeps this handler until the sheet has ended, and with it the window, which may still be
                    // sliding away after the animator has let go of it.
                    _ = sheet
                }
            } else {
                sheet.makeKeyAndOrderFront(nil)
            }
        }

        /// Ends the sheet, and tells the host.
        func animateDismissal(of viewController: NSViewController, from fromViewController: NSViewController) {
            if let sheet = window {
                if let parent = sheet.sheetParent { parent.endSheet(sheet) } else { sheet.orderOut(nil) }
            }
            window = nil
            host?.sheetDidEnd(viewController)
        }
    }
#endif
