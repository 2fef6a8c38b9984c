import Conductor

/// The Settings tab, working on its part of the state through a scoped store it owns.
@MainActor
final class SettingsCoordinator: FlowCoordinator<Void>, CommandSupplier {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    let store: ScopedStore<SettingsState, SettingsIntent>
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        self.store = factory.store.scope(state: \.settings, intent: AppIntent.settings) {
            // What comes back for this flow: the database's refusal of its write.
            if case .persistenceFailed(let error) = $0 { .failed(error) } else { nil }
        }
        super.init(actionRouter: nil)
        suppliedCommands = [
            "ToggleIDs": IntentCommand("ToggleIDs", store: store, failure: \.failure) { _, _ in
                .active(title: "toggle-ids")
            } intent: {
                _ in
                .toggleIDs
            } outcome: { outcome, _ in
                // Reached only when the database wrote the setting (a refusal fails the command: no step to undo).
                let inverse = SettingsIntent.toggleIDs
                return .init(title: outcome.showsIDs ? "Show IDs" : "Hide IDs", undo: inverse, redo: inverse)
            },
            "Back": ClosureCommand("Back") { _ in
                .inactive(title: "back")
            } perform: { _ in
            },
        ]
    }

    override func start() { factory.navigate { try router.setRoot(factory.modules.settings(), hideBar: false) } }

    override func handle(deepLink: any DeepLink) -> Bool {
        guard case DemoLink.settings? = deepLink as? DemoLink else { return false }
        router.popToRoot(animated: false)
        return true
    }
}
