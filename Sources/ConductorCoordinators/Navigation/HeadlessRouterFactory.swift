/// Makes in-memory routers: for tests, the terminal and any front end without a platform container.
public struct HeadlessRouterFactory: RouterFactory {
    /// Creates the factory.
    public init() {}

    /// A ``HeadlessNavigationRouter`` named `name`.
    public func makeRouter(name: String) -> any NavigationRouter { HeadlessNavigationRouter(name: name) }

    /// A window's router that shows its root in memory: one stack, tabs or screen at a time, nothing pushed or
    /// presented on it.
    public func makeWindow(name: String) -> HostedNavigationRouter {
        HostedNavigationRouter(name: name, host: WindowRootHost())
    }

    /// A ``TabRouter`` of ``HeadlessNavigationRouter``s.
    public func makeTabs(name: String, tabs: [String]) -> TabRouter { TabRouter(name: name, tabs: tabs) }
}
