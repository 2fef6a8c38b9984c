import Conductor

/// The main tabs, Items and Settings, one navigation stack each, at the window's root (a tab bar is never inside a
/// stack); finishes when the Items flow asks for login.
///
/// A `TabCoordinator`: the selected tab's flow leads the responder chain and takes deep links first, and a link
/// that a hidden tab's flow takes selects that tab, whoever changes the selection (a command, a link, the platform).
@MainActor
final class MainCoordinator: TabCoordinator<Void>, CommandSupplier {
    let window: any NavigationRouter
    let factory: CoordinatorFactory
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(window: any NavigationRouter, factory: CoordinatorFactory) {
        self.window = window
        self.factory = factory
        super.init(
            tabs: factory.routers.makeTabs(name: "tabs", tabs: ["items", "settings"]), actionRouter: factory.actions)
        suppliedCommands = [
            "Tab": ClosureCommand("Tab", title: "tab items|settings") { [weak self] context in
                guard let self else { return }
                let name = try context.string("name").lowercased()
                do { try tabs.select(name) } catch {
                    throw DemoProblem(
                        "There is no tab '\(DemoText.excerpt(name))'; the tabs are 'items' and 'settings'.")
                }
            },
            "Logout": IntentCommand("Logout", store: factory.store, failure: \.failure) { _, _ in
                .active(title: "logout")
            } intent: { _ in
                .logOut
            } outcome: { _, context in
                // Reached only when the database logged out: a refusal fails the command and leaves the session,
                // and what it can undo, as they were.
                context.undoStack?.removeAll()
                return nil
            },
        ]
    }

    override func start() {
        factory.navigate { try window.setRoot(tabs, hideBar: false) }
        guard let itemsRouter = tabs["items"], let settingsRouter = tabs["settings"] else { return }
        startTab("items", factory.items(router: itemsRouter)) { [weak self] output in
            if output == .authNeeded { self?.finish() }
        }
        startTab("settings", factory.settings(router: settingsRouter))
    }
}
