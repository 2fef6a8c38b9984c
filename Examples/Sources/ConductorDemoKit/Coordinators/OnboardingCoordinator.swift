import Conductor

/// The first-run screen; finishes once the state says onboarding was shown.
@MainActor
final class OnboardingCoordinator: FlowCoordinator<Void>, CommandSupplier {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: nil)
        suppliedCommands = [
            "Next": IntentCommand("Next", store: factory.store, failure: \.failure) { _, _ in
                .active(title: "next")
            } intent: { _ in
                .finishOnboarding
            }
        ]
    }

    override func start() {
        factory.navigate { try router.setRoot(factory.modules.onboarding(), hideBar: true) }
        observe(factory.store, \.session.onboardingShown) { [unowned self] shown in if shown { finish() } }
    }
}
