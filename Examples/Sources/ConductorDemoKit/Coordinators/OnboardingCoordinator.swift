import Conductor

/// Where the onboarding flow can go: its one screen.
public enum OnboardingDestination: Codable, Hashable, Sendable {
    case welcome
}

/// The first-run screen, on a stack of its own that fills the window; finishes once the state says onboarding was
/// shown.
@MainActor
final class OnboardingCoordinator: FlowCoordinator<Void>, NavigatingFlow, CommandSupplier {
    let navigation: Navigation<OnboardingDestination>
    let factory: CoordinatorFactory
    let window: any NavigationRouter
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(window: any NavigationRouter, factory: CoordinatorFactory) {
        self.navigation = Navigation(router: factory.routers.makeRouter(name: "onboarding"))
        self.factory = factory
        self.window = window
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
        factory.navigate {
            try window.setRoot(navigation.router, hideBar: false)
            try setRoot(.welcome, hideBar: true)
        }
        observe(factory.store, \.session.onboardingShown) { [weak self] shown in if shown { self?.finish() } }
    }
}
