import Conductor

/// Where the Settings flow can go: its one screen.
public enum SettingsDestination: Codable, Hashable, Sendable {
    case settings
}

/// The Settings tab, working on its part of the state through a scoped store it owns.
@MainActor
final class SettingsCoordinator: FlowCoordinator<Void>, LinkedFlow, CommandSupplier {
    /// Its one screen and its one link.
    static let links = DestinationLinks<DemoLink, SettingsDestination>(
        link: { _ in .settings }, destination: { $0 == .settings ? .settings : nil })

    let navigation: Navigation<SettingsDestination>
    let factory: CoordinatorFactory
    let store: Store<SettingsState, SettingsIntent, Never>
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.navigation = Navigation(router: router)
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

    func content(for destination: SettingsDestination) throws -> NavigationContent {
        .screen(factory.modules.settings())
    }

    override func start() { factory.navigate { try setRoot(.settings) } }

    override func handle(deepLink: any DeepLink) -> Bool {
        guard let destination = destination(of: deepLink) else { return false }
        factory.navigate { try navigate(to: NavigationState(stack: [destination])) }
        return true
    }
}
