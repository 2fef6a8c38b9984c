/// A navigation request that cannot be carried out, naming the module or router involved and what to do.
///
/// A struct with a ``code`` rather than an enum: platform hosts bring new ways for navigation to fail, and a new
/// code does not break a `switch` in your code. Create and compare errors with the static functions:
///
/// <!-- not compiled: a fragment: … stands for the app's code -->
/// ```swift
/// #expect(throws: NavigationError.nothingToPop(router: "main")) { try router.pop(animated: true) }
/// if error.code == .cannotShow { … }
/// ```
public struct NavigationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in later releases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, such as `nothingToPop`.
        package let name: String
        private init(_ name: String) { self.name = name }

        /// A module's `toPresent()` returned `nil`, so there was nothing to show.
        public static let nothingToShow = Code("nothingToShow")
        /// `pop` was called on a stack holding only its root (or nothing).
        public static let nothingToPop = Code("nothingToPop")
        /// `dismiss` was called with no module presented.
        public static let nothingPresented = Code("nothingPresented")
        /// The module is already on the stack or presented; a module is shown in one place at a time.
        /// The platform reported popping a module that is not on the stack.
        public static let notOnStack = Code("notOnStack")
        /// A tab container has no tab of this name.
        public static let noSuchTab = Code("noSuchTab")
        /// The router's platform host cannot show this kind of module (UIKit shows view controllers).
        public static let cannotShow = Code("cannotShow")
        /// Tabs were pushed onto a stack or made a stack's root: a tab bar is a window's root (or presented), never
        /// inside a stack.
        public static let tabsNotAtWindowRoot = Code("tabsNotAtWindowRoot")
        /// A module was pushed or presented on a window's router, which shows one root — a stack, tabs or a screen —
        /// set with `setRoot`.
        public static let windowShowsOneRoot = Code("windowShowsOneRoot")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// The router or tab container involved, when there is one.
    package let router: String?
    /// The module involved, for ``Code/notOnStack`` and ``Code/cannotShow``.
    package let module: String?
    /// The operation that found nothing to show, for ``Code/nothingToShow``.
    package let operation: String?
    /// The tab asked for, for ``Code/noSuchTab``.
    package let tab: String?
    /// The container's tabs, for ``Code/noSuchTab``.
    package let tabs: [String]

    private init(
        _ code: Code, router: String? = nil, module: String? = nil, operation: String? = nil, tab: String? = nil,
        tabs: [String] = []
    ) {
        self.code = code
        self.router = router
        self.module = module
        self.operation = operation
        self.tab = tab
        self.tabs = tabs
    }

    /// `operation` found a module whose `toPresent()` returned `nil`.
    public static func nothingToShow(operation: String) -> Self { Self(.nothingToShow, operation: operation) }
    /// `router` cannot pop: its stack holds only its root.
    public static func nothingToPop(router: String) -> Self { Self(.nothingToPop, router: router) }
    /// `router` cannot dismiss: nothing is presented.
    public static func nothingPresented(router: String) -> Self { Self(.nothingPresented, router: router) }
    /// The platform popped `module`, which `router` does not have on its stack.
    public static func notOnStack(module: String, router: String) -> Self {
        Self(.notOnStack, router: router, module: module)
    }
    /// `router`'s platform host cannot show `module` (it is not a view controller, or a router of that platform).
    public static func cannotShow(module: String, router: String) -> Self {
        Self(.cannotShow, router: router, module: module)
    }
    /// `router`, a stack, was asked to `operation` (push, or set as its root) the tab router `module`.
    public static func tabsNotAtWindowRoot(module: String, router: String, operation: String) -> Self {
        Self(.tabsNotAtWindowRoot, router: router, module: module, operation: operation)
    }
    /// `router`, a window's router, was asked to `operation` (push or present) `module`.
    public static func windowShowsOneRoot(module: String, router: String, operation: String) -> Self {
        Self(.windowShowsOneRoot, router: router, module: module, operation: operation)
    }
    /// `container` has no tab `tab`; `tabs` lists the ones it has.
    public static func noSuchTab(tab: String, container: String, tabs: [String]) -> Self {
        Self(.noSuchTab, router: container, tab: tab, tabs: tabs)
    }

    /// Says what went wrong and what to do.
    public var description: String {
        let router = self.router ?? ""
        let module = self.module ?? ""
        switch code {
        case .nothingToShow:
            return "\(operation ?? "show"): the module's toPresent() returned nil, so there is nothing to show. "
                + "Return the view (or the flow's root) from toPresent()."
        case .nothingToPop:
            return "Router '\(router)' cannot pop: its stack holds only its root. Check `canPop` first, or "
                + "dismiss or set a new root instead."
        case .nothingPresented:
            return "Router '\(router)' cannot dismiss: nothing is presented. Check `presented` first."
        case .noSuchTab:
            return "Tab container '\(router)' has no tab '\(tab ?? "")'; its tabs are \(tabs.joined(separator: ", "))."
        case .cannotShow:
            return "Router '\(router)' cannot show module '\(module)': its platform host shows only its own kind of "
                + "module (a view controller, or a router of the same platform). Return one from toPresent()."
        case .tabsNotAtWindowRoot:
            return "Router '\(router)' cannot \(operation ?? "push") the tabs '\(module)': a tab bar is a window's "
                + "root (Apple's View Controller Catalog), never inside a stack. Set the tabs as the root of the window's "
                + "router (RouterFactory.makeWindow(name:)), or present them."
        case .windowShowsOneRoot:
            return "Router '\(router)' is a window's: it shows one root, set with setRoot, and cannot "
                + "\(operation ?? "push") '\(module)'. Push or present on the stack the window shows."
        case .notOnStack:
            return "The platform popped module '\(module)', which router '\(router)' does not have on its stack."
        default: return "Router '\(router)' failed (\(code))."
        }
    }
}
