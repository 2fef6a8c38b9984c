import Conductor

/// The create-item flow, presented modally with a stack of its own; finishes with the saved item (when the store
/// reports it created, through the `ItemCreated` action), or `nil` when cancelled.
@MainActor
final class ItemCreateCoordinator: FlowCoordinator<Item?>, CommandSupplier {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: factory.actions)
        let cancel = ClosureCommand("Cancel", title: "cancel") { [unowned self] _ in finish(with: nil) }
        suppliedCommands = [
            "Save": IntentCommand("Save", store: factory.store) { _, _ in
                .active(title: "save <title>")
            } intent: {
                context in
                .addItem(try DemoText.title(context["title"]?.stringValue))
            } outcome: { outcome, _ in
                // This save's own answer, from the intents its persistence sent back.
                if let error = outcome.first(where: {
                    if case .persistenceFailed(let message) = $0 { message } else { nil }
                }) {
                    throw DemoProblem(error)
                }
                guard let item = outcome.first(where: { if case .itemAdded(let item) = $0 { item } else { nil } })
                else {
                    throw DemoProblem("The item was not saved.")
                }
                return .init(title: "Create “\(item.title)”", undo: .removeItem(item.id), redo: .restoreItem(item))
            },
            "Cancel": cancel,
            "Back": ClosureCommand("Back", title: "back") { context in try await cancel.perform(context: context) },
        ]
        do {
            try dispatcher.register(ItemCreated.self) { [unowned self] action in finish(with: action.item) }
        } catch {
            factory.report(error.description)
        }
    }

    override func start() { factory.navigate { try router.setRoot(factory.modules.itemCreate(), hideBar: false) } }
}
