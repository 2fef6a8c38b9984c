/// Makes the routers a front end shows: what lets the same coordinators run headless, on UIKit and on SwiftUI.
///
/// Coordinators ask the factory for a router when they need a new stack (a modal flow's own navigation) or a tab
/// container; the app gives them the factory of its front end:
///
/// | Front end | Factory | Routers |
/// |---|---|---|
/// | tests, the terminal | ``HeadlessRouterFactory`` | ``HeadlessNavigationRouter``, ``TabRouter`` of them |
/// | UIKit | `UIKitRouterFactory` (ConductorUIKit) | ``HostedNavigationRouter`` on a `UINavigationController`; ``TabRouter`` on a `UITabBarController` |
/// | SwiftUI | `SwiftUIRouterFactory` (ConductorSwiftUI) | ``HostedNavigationRouter`` shown by `RouterNavigationStack`; ``TabRouter`` shown by `RouterTabView` |
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

    /// A new tab container named `name` with one router per tab, the first tab selected.
    func makeTabs(name: String, tabs: [String]) -> TabRouter
}
