import Conductor

/// The root: onboarding on first run, then auth, then the main tabs; back to auth when the session ends. Each flow
/// finishes when the state says its job is done, and the app starts the next from the state.
@MainActor
final class AppCoordinator: BaseCoordinator {
    let router: any NavigationRouter
    let factory: CoordinatorFactory

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: factory.actions)
    }

    override func start() {
        removeAllChildren()
        let session = factory.store.state.session
        let flow: FlowCoordinator<Void> =
            if !session.onboardingShown {
                factory.onboarding(router: router)
            } else if session.user == nil {
                factory.auth(router: router)
            } else {
                factory.main(router: router)
            }
        // Each flow finishes when the state says its job is done; the next one follows from the state.
        startChild(flow) { [unowned self] in start() }
    }
}

extension AppCoordinator: RestorableFlow {
    /// Which flow runs. It follows from the state: at launch the state starts the same one; when time travel moved
    /// the state, the flow the state picks is started.
    var place: String { childCoordinators.first.map { String(describing: type(of: $0)) } ?? "" }

    func restore(_ place: String) throws {
        if place != self.place { start() }
    }
}
