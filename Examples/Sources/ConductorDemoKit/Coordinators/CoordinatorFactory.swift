import Conductor

/// Makes the coordinators, as the seed's CoordinatorFactory: each gets the store, the screens' factory and the
/// action router, and nothing app-wide besides.
@MainActor
struct CoordinatorFactory {
    let store: AppStore
    let modules: ModuleFactory
    /// Makes the front end's routers: a flow's own stack (modal, or filling the window), the tab container.
    let routers: any RouterFactory
    let actions: ActionRouter
    /// Where a flow reports a problem it cannot throw (a navigation the platform refused in a callback).
    let report: @MainActor (String) -> Void

    func onboarding(window: any NavigationRouter) -> OnboardingCoordinator {
        OnboardingCoordinator(window: window, factory: self)
    }
    func auth(window: any NavigationRouter) -> AuthCoordinator { AuthCoordinator(window: window, factory: self) }
    func main(window: any NavigationRouter) -> MainCoordinator { MainCoordinator(window: window, factory: self) }
    func items(router: any NavigationRouter) -> ItemsCoordinator { ItemsCoordinator(router: router, factory: self) }
    func settings(router: any NavigationRouter) -> SettingsCoordinator {
        SettingsCoordinator(router: router, factory: self)
    }
    /// Runs a navigation step, reporting what it throws (a module shown twice: a bug in the flow) instead of
    /// dropping it.
    func navigate(_ step: () throws -> Void) {
        do { try step() } catch { report("\(error)") }
    }

    func itemCreate() -> ItemCreateCoordinator {
        ItemCreateCoordinator(router: routers.makeRouter(name: "create"), factory: self)
    }
}

/// A message for the user, not a bug.
struct DemoProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
