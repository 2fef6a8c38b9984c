import Conductor

/// Where the onboarding flow can go: its one screen.
public enum OnboardingDestination: Codable, Hashable, Sendable {
    case welcome
}

/// The first-run screen; finishes once the state says onboarding was shown.
@MainActor
final class OnboardingCoordinator: FlowCoordinator<Void>, NavigatingFlow, CommandSupplier {
    let navigation: Navigation<OnboardingDestination>
    let factory: CoordinatorFactory
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.navigation = Navigation(router: router)
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

    func content(for destination: OnboardingDestination) throws -> NavigationContent {
        .screen(factory.modules.onboarding())
    }

    override func start() {
        factory.navigate { try setRoot(.welcome, hideBar: true) }
        observe(factory.store, \.session.onboardingShown) { [weak self] shown in if shown { self?.finish() } }
    }
}
