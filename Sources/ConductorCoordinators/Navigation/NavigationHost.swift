/// What a platform's navigation container offers a ``HostedNavigationRouter``: a `UINavigationController`, an
/// `NSViewController` container, or a SwiftUI navigation path. The host only shows what it is told; every decision —
/// completions, which coordinator a change belongs to — is made by the router, in platform-neutral code.
///
/// The host reports what the *system* does on its own (a back button, a swipe, a sheet dismissed by dragging it down)
/// to the router, through ``HostedNavigationRouter/hostWillShow(_:)``, ``HostedNavigationRouter/hostDidShow(_:)``,
/// ``HostedNavigationRouter/hostCancelledTransition()`` and
/// ``HostedNavigationRouter/hostDidDismiss(_:)``: the same events UIKit sends its delegates.
@preconcurrency @MainActor
public protocol NavigationHost: AnyObject {
    /// Shows exactly this stack, root first, replacing what it shows.
    func show(stack: [any Presentable], animated: Bool)
    /// Whether the host can show `module`: UIKit's shows view controllers and routers on UIKit hosts. The router
    /// refuses a module the host cannot show with ``NavigationError/cannotShow(module:router:)``.
    func canShow(_ module: any Presentable) -> Bool
    /// Whether the host can push `module` onto its stack (or make it the root): UIKit shows a flow's navigation
    /// controller presented, never pushed. The router refuses a push it cannot show with
    /// ``NavigationError/cannotShow(module:router:)``; ``canShow(_:)`` by default.
    func canPush(_ module: any Presentable) -> Bool
    /// Presents a module modally over what it shows (or over the module presented last), and calls `completion`
    /// once the platform has shown it.
    func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void)
    /// Dismisses `module`, the module presented last, and calls `completion` once the platform has removed it.
    func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void)
    /// Whether the platform hides its bottom bar (a tab bar) while `module` shows, as a push asked: UIKit's
    /// `hidesBottomBarWhenPushed`. Called before the module is shown.
    func setHidesBottomBar(_ hidden: Bool, for module: any Presentable)
    /// Whether the platform hides its navigation bar, as a new root asked: UIKit's `isNavigationBarHidden`.
    func setNavigationBarHidden(_ hidden: Bool)
    /// Whether this host is a window's: it shows one root — a stack, tabs or a screen — that `setRoot` replaces, and
    /// the router refuses a push or a present on it (``NavigationError/windowShowsOneRoot(module:router:operation:)``).
    /// Tabs are shown only at a window's root or presented: a stack refuses them
    /// (``NavigationError/tabsNotAtWindowRoot(module:router:operation:)``). `false` by default.
    var isWindow: Bool { get }
}

extension NavigationHost {
    /// Hosts that show any module say yes.
    public func canShow(_ module: any Presentable) -> Bool { true }
    /// Hosts push what they can show.
    public func canPush(_ module: any Presentable) -> Bool { canShow(module) }
    /// Hosts without a bottom bar ignore it.
    public func setHidesBottomBar(_ hidden: Bool, for module: any Presentable) {}
    /// Hosts without a navigation bar ignore it.
    public func setNavigationBarHidden(_ hidden: Bool) {}
    /// Hosts show a stack, not a window's root.
    public var isWindow: Bool { false }
}
