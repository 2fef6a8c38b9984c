/// Makes the routers a front end shows: what lets the same coordinators run headless, on UIKit and on SwiftUI.
///
/// Coordinators ask the factory for a router when they need a new stack (a modal flow's own navigation, a flow
/// shown at the window's root) or a tab container; the app gives them the factory of its front end, and the root
/// coordinator the window's router (``makeWindow(name:)``), whose one root — a stack, the tabs, a screen — each
/// flow replaces as it takes the window:
///
/// | Front end | Factory | Routers |
/// |---|---|---|
/// | tests, the terminal | ``HeadlessRouterFactory`` | ``HeadlessNavigationRouter``, ``TabRouter`` of them, a window in memory |
/// | UIKit | `UIKitRouterFactory` (ConductorUIKit) | ``HostedNavigationRouter`` on a `UINavigationController`; ``TabRouter`` on a `UITabBarController`; the window's `rootViewController` |
/// | AppKit | `AppKitRouterFactory` (ConductorAppKit) | ``HostedNavigationRouter`` on an `AppKitStackViewController`; ``TabRouter`` on an `NSTabViewController`; the window's `contentViewController` |
/// | SwiftUI | `SwiftUIRouterFactory` (ConductorSwiftUI) | ``HostedNavigationRouter`` shown by `RouterNavigationStack`; ``TabRouter`` shown by `RouterTabView`; the window by `RouterRoot` |
///
/// <!-- not compiled: a fragment of a coordinator: its router and initialiser are left out -->
/// ```swift
/// final class ItemsCoordinator: FlowCoordinator<Void> {
///     let routers: any RouterFactory
///     func create() throws {
///         let flow = routers.makeRouter(name: "create")   // a stack of its own, presented modally
///         try router.present(flow, animated: true, completion: nil)
///     }
/// }
/// ```
@preconcurrency @MainActor
public protocol RouterFactory {
    /// A new navigation router with an empty stack, named `name`: presented, it shows its stack modally.
    func makeRouter(name: String) -> any NavigationRouter

    /// The router of a window, named `name`: it shows one root — a stack, the tabs or a screen — that `setRoot`
    /// replaces, and refuses a push or a present (they belong on the stack it shows). Tabs belong here: a tab bar is
    /// a window's root, never inside a stack.
    func makeWindow(name: String) -> HostedNavigationRouter

    /// A new tab container named `name` with one router per tab, the first tab selected.
    func makeTabs(name: String, tabs: [String]) -> TabRouter
}
