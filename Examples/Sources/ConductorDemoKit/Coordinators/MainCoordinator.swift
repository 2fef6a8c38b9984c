import Conductor

/// The main tabs, Items and Settings, one navigation stack each; finishes when the Items flow asks for login.
@MainActor
final class MainCoordinator: FlowCoordinator<Void>, CommandSupplier {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    /// Exactly these tabs, so creating the container cannot fail.
    let tabs: HeadlessTabRouter
    private var tabFlows: [String: BaseCoordinator] = [:]
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        do {
            tabs = try HeadlessTabRouter(name: "tabs", tabs: ["items", "settings"])
        } catch {
            // Two distinct, fixed names: a failure is a bug in the demo itself.
            preconditionFailure("demo tabs: \(error)")
        }
        super.init(actionRouter: factory.actions)
        suppliedCommands = [
            "Tab": ClosureCommand("Tab", title: "tab items|settings") { [unowned self] context in
                try select(tab: try context.string("name").lowercased())
            },
            "Logout": IntentCommand("Logout", store: factory.store) { _, _ in
                .active(title: "logout")
            } intent: {
                context in
                context.undoStack?.removeAll()
                return .logOut
            },
        ]
    }

    override func start() {
        factory.navigate { try router.setRoot(tabs, hideBar: false) }
        guard let itemsRouter = tabs["items"], let settingsRouter = tabs["settings"] else { return }
        let items = factory.items(router: itemsRouter)
        let settings = factory.settings(router: settingsRouter)
        tabFlows = ["items": items, "settings": settings]
        run(items, reporting: factory.report) { [unowned self] output in
            if output == .authNeeded { finish() }
        }
        run(settings, reporting: factory.report)
        activeChild = items
        // The tab the user sees leads the responder chain, whoever switched it (a command, a deep link, a platform).
        tabs.onSelect = { [unowned self] tab in activeChild = tabFlows[tab] }
    }

    /// Switches tabs; each tab's stack stays as it was.
    func select(tab name: String) throws {
        do { try tabs.select(name) } catch {
            throw DemoProblem("There is no tab '\(name)'; the tabs are 'items' and 'settings'.")
        }
    }

    /// Deep links into a tab select it, then the tab's flow takes them.
    override func handle(deepLink: any DeepLink) -> Bool {
        let tab: String
        switch deepLink as? DemoLink {
        case .items?, .item?, .newItem?: tab = "items"
        case .settings?: tab = "settings"
        case nil: return false
        }
        do { try select(tab: tab) } catch { factory.report("\(error)") }
        return false
    }
}
