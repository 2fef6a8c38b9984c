import Conductor

/// Where the creation flow can go: its one form.
public enum ItemCreateDestination: Codable, Hashable, Sendable {
    case form
}

/// The create-item flow, presented modally with a stack of its own; finishes with the saved item — its `Save`
/// command's own answer — or `nil` when cancelled or swiped away.
@MainActor
final class ItemCreateCoordinator: FlowCoordinator<Item?>, NavigatingFlow, CommandSupplier {
    let navigation: Navigation<ItemCreateDestination>
    let factory: CoordinatorFactory
    private(set) var suppliedCommands: [String: any Command] = [:]
    var router: any NavigationRouter { navigation.router }

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.navigation = Navigation(router: router)
        self.factory = factory
        super.init(actionRouter: factory.actions)
        let cancel = ClosureCommand("Cancel", title: "cancel") { [weak self] _ in self?.finish(with: nil) }
        suppliedCommands = [
            "Save": IntentCommand("Save", store: factory.store, failure: \.failure) { _, _ in
                .active(title: "save <title>")
            } intent: {
                context in
                .addItem(try DemoText.title(context["title"]?.stringValue))
            } outcome: { [weak self] outcome, _ in
                // This save's own answer, from the intents its persistence sent back (a refusal has failed it).
                guard let item = outcome.first(where: \.addedItem) else { return nil }
                // The flow ends with its own answer; the Items flow shows the item. A flow that ended meanwhile (a
                // link or a swipe closed the sheet while the save was in flight) shows nothing: the item is saved,
                // and undo still removes it. Time travel's return hands the answer to the sheet it restored.
                self?.finish(with: item)
                return .init(title: "Create “\(item.title)”", undo: .removeItem(item.id), redo: .restoreItem(item))
            },
            "Cancel": cancel,
            "Back": ClosureCommand("Back", title: "back") { context in try await cancel.perform(context: context) },
        ]
    }

    func content(for destination: ItemCreateDestination) throws -> NavigationContent {
        .screen(factory.modules.itemCreate())
    }

    override func start() { factory.navigate { try setRoot(.form) } }
}
