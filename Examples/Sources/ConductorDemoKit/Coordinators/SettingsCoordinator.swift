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
        self.store = factory.store.scope(state: \.settings, intent: AppIntent.settings)
        super.init(actionRouter: nil)
        let root = factory.store
        suppliedCommands = [
            "ToggleIDs": IntentCommand("ToggleIDs", store: store) { _, _ in
                .active(title: "toggle-ids")
            } intent: {
                _ in
                .toggleIDs
            } outcome: { _, _ in
                // A toggle the database refused changed nothing: no step to undo. Read from the root store, which
                // holds the failure (and the setting as the database holds it).
                if let error = root.state.lastError { throw DemoProblem(error) }
                let inverse = SettingsIntent.toggleIDs
                return .init(
                    title: root.state.settings.showsIDs ? "Show IDs" : "Hide IDs", undo: inverse, redo: inverse)
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
