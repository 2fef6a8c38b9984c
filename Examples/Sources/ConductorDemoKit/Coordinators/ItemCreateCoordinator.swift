import Conductor

/// The create-item flow, presented modally with a stack of its own; finishes with the saved item — its `Save`
/// command's own answer — or `nil` when cancelled or swiped away.
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
            "Save": IntentCommand("Save", store: factory.store, failure: \.failure) { _, _ in
                .active(title: "save <title>")
            } intent: {
                context in
                .addItem(try DemoText.title(context["title"]?.stringValue))
            } outcome: { [unowned self] outcome, _ in
                // This save's own answer, from the intents its persistence sent back (a refusal has failed it).
                guard let item = outcome.first(where: \.addedItem) else { return nil }
                // The flow ends with its own answer; the Items flow shows the item.
                finish(with: item)
                return .init(title: "Create “\(item.title)”", undo: .removeItem(item.id), redo: .restoreItem(item))
            },
            "Cancel": cancel,
            "Back": ClosureCommand("Back", title: "back") { context in try await cancel.perform(context: context) },
        ]
    }

    override func start() { factory.navigate { try router.setRoot(factory.modules.itemCreate(), hideBar: false) } }
}
