import Conductor

/// The root: onboarding on first run, then auth, then the main tabs; back to auth when the session ends. The flow
/// that runs follows from the state: when the state picks another one — a flow finished, or time travel moved the
/// state — it is started.
@MainActor
final class AppCoordinator: BaseCoordinator {
    let window: any NavigationRouter
    let factory: CoordinatorFactory

    init(window: any NavigationRouter, factory: CoordinatorFactory) {
        self.window = window
        self.factory = factory
        super.init(actionRouter: factory.actions)
    }

    /// The flows the state can pick.
    enum Flow: Equatable { case onboarding, auth, main }

    /// The flow the session's state picks.
    var pickedFlow: Flow {
        let session = factory.store.state.session
        return !session.onboardingShown ? .onboarding : session.user == nil ? .auth : .main
    }

    /// The flow that runs.
    var runningFlow: Flow? {
        switch childCoordinators.first {
        case is OnboardingCoordinator: .onboarding
        case is AuthCoordinator: .auth
        case is MainCoordinator: .main
        default: nil
        }
    }

    override func start() {
        startPickedFlow()
        // A state the running flow does not finish for (time travel moved it) starts the flow it picks.
        observe(factory.store, \.session) { [weak self] _ in
            guard let self, runningFlow != pickedFlow else { return }
            startPickedFlow()
        }
    }

    private func startPickedFlow() {
        removeAllChildren()
        let flow: FlowCoordinator<Void> =
            switch pickedFlow {
            case .onboarding: factory.onboarding(window: window)
            case .auth: factory.auth(window: window)
            case .main: factory.main(window: window)
            }
        // Each flow finishes when the state says its job is done; the next one follows from the state.
        startChild(flow) { [weak self] in self?.startPickedFlow() }
    }
}
