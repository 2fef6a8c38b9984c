// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of the Conductor module's doc comments — the joins of the store, actions, commands and
// coordinators — compiled and run.
import Conductor
import Testing

private struct Item: Equatable, Sendable {
    let id: Int
    let title: String
}
private struct SaveError: Error, Equatable {}
private struct NotSaved: Error {}

private struct AppState: Equatable {
    var items: [Item] = []
    var showsIDs = false
}

private enum AppIntent: Intent {
    case addItem(String)
    case added(Item)
    case saveFailed(SaveError)
    case removeItem(Int)
    case restoreItem(Item)
    case toggleIDs

    var addedItem: Item? { if case .added(let item) = self { item } else { nil } }
    var saveError: SaveError? { if case .saveFailed(let error) = self { error } else { nil } }
}

private enum AppEffect: Effect {
    case save(String)
    case showItem(Int)
    case presentLogin
}

private func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .addItem(let title): return title.isEmpty ? [.presentLogin] : [.save(title)]
    case .added(let item):
        state.items.append(item)
        return [.showItem(item.id)]
    case .saveFailed: return []
    case .removeItem(let id): state.items.removeAll { $0.id == id }
    case .restoreItem(let item): state.items.append(item)
    case .toggleIDs: state.showsIDs.toggle()
    }
    return []
}

/// The database: gives each saved item its id.
private struct Database: EffectHandler {
    func handles(_ effect: AppEffect) -> Bool { if case .save = effect { true } else { false } }
    func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
        guard case .save(let title) = effect else { return }
        await send(title == "fail" ? .saveFailed(SaveError()) : .added(Item(id: title.count, title: title)))
    }
}

@MainActor private func makeStore() -> Store<AppState, AppIntent, AppEffect> {
    let store = Store(state: AppState(), reducer: reducer)
    store.add(effectHandler: Database())
    return store
}

private struct ToggleIDs: Action {}
private struct ShowItem: Action { let id: Int }

/// BaseCoordinator+Store.swift: a flow that shows the store's items while it runs.
@MainActor private final class ItemsList { var shown: [[Item]] = [] ; func show(_ items: [Item]) { shown.append(items) } }

private final class ItemsCoordinator: FlowCoordinator<Void> {
    let store: Store<AppState, AppIntent, AppEffect>
    let list = ItemsList()

    init(store: Store<AppState, AppIntent, AppEffect>) {
        self.store = store
        super.init(actionRouter: nil)
    }

    override func start() {
        observe(store, \.items) { [weak self] items in self?.list.show(items) }
    }
}

/// PerformedEffects.swift: the coordinator that presents the login.
private final class MainCoordinator: BaseCoordinator {
    var logins = 0
    func showLogin() { logins += 1 }
}

/// ActionEffects.swift: an effect that is an action.
@MainActor private func addShowItemActions(to store: Store<AppState, AppIntent, AppEffect>) {
    store.add(effectHandler: ActionEffects { effect in
        switch effect {
        case .showItem(let id): ShowItem(id: id)          // handled by the coordinator that owns the stack
        default: nil                                      // not an action: other handlers take it
        }
    })
}

/// IntentOutcome.swift: a command whose undo step is read from the intents its effects sent back.
@MainActor private func makeAddCommand(store: Store<NotesState, NoteIntent, NoteEffect>) -> IntentCommand<NotesState, NoteIntent> {
    IntentCommand("Save", store: store) { _, _ in .active(title: "save") } intent: { context in
        .add(try context.string("title"))
    } outcome: { outcome, _ in
        guard let note = outcome.first(where: { if case .added(let note) = $0 { note } else { nil } }) else {
            return nil
        }
        return .init(title: "Add \(note.title)", undo: .remove(note.id), redo: .restore(note))
    }
}

private struct Note: Sendable { let id: Int; let title: String }
private struct NotesState { var notes: [Note] = [] }
private enum NoteIntent: Intent {
    case add(String)
    case added(Note)
    case remove(Int)
    case restore(Note)
}
private enum NoteEffect: Effect { case save(String) }

@MainActor private func makeNotesStore() -> Store<NotesState, NoteIntent, NoteEffect> {
    let store = Store(state: NotesState(), reducer: { (state: inout NotesState, intent: NoteIntent) -> [NoteEffect] in
        switch intent {
        case .add(let title): return [.save(title)]
        case .added(let note), .restore(let note): state.notes.append(note)
        case .remove(let id): state.notes.removeAll { $0.id == id }
        }
        return []
    })
    store.add(effectHandler: ClosureEffectHandler { effect, send in
        if case .save(let title) = effect { await send(.added(Note(id: 1, title: title))) }
    })
    return store
}

/// CommandManager+Coordinators.swift, as a playground.
@DocCommentPlayground @MainActor
private func availableIdentifiers(appCoordinator: BaseCoordinator) -> [Any] {
    let commands = CommandManager()
    commands.followCoordinators(from: appCoordinator)
    commands.availableIdentifiers()          // what the visible flow and its parents offer
}

private final class SupplyingCoordinator: BaseCoordinator, CommandSupplier {
    var suppliedCommands: [String: any Command] { ["Refresh": ClosureCommand("Refresh") { _ in }] }
}

@MainActor
@Suite(.serialized) struct ConductorDocCommentTests {
    @Test func aFlowObservesTheStoreWhileItRuns() async {
        let store = makeStore()
        let coordinator = ItemsCoordinator(store: store)
        coordinator.run()
        store.send(.addItem("Milk"))
        await store.waitForEffects()
        #expect(coordinator.list.shown == [[], [Item(id: 4, title: "Milk")]])
    }

    @Test func theCommandsAreThoseOfTheVisibleFlowAndItsParents() {
        let app = SupplyingCoordinator(actionRouter: nil)
        app.run()
        #expect(availableIdentifiers(appCoordinator: app).values(of: [String].self) == [["Refresh"]])
    }

    @Test func theSaveCommandAddsTheItemAndItsUndoRemovesIt() async throws {
        let store = makeStore()
        let commands = CommandManager()

        let save = IntentCommand("Save", store: store, failure: \.saveError) { state, _ in
            .active(title: "save <title>")
        } intent: { context in
            .addItem(try context.string("title"))
        } outcome: { outcome, _ in
            guard let item = outcome.first(where: \.addedItem) else { return nil }
            return .init(title: "Create “\(item.title)”", undo: .removeItem(item.id), redo: .restoreItem(item))
        }

        commands.register([save, UndoCommand()])
        try await commands.perform(identifier: "Save(title: Milk)")
        #expect(store.state.items.map(\.title) == ["Milk"])
        #expect(commands.undoStack?.undoTitle == "Undo Create “Milk”")
        try await commands.perform(identifier: "Undo")
        #expect(store.state.items.isEmpty)
        let failure = await #expect(throws: CommandError.self) { try await commands.perform(identifier: "Save(title: fail)") }
        #expect(failure?.code == .failed)
    }

    @Test func theOutcomesAddedNoteIsWhatUndoRemoves() async throws {
        let store = makeNotesStore()
        let commands = CommandManager()
        commands.register([makeAddCommand(store: store), UndoCommand()])
        try await commands.perform(identifier: "Save(title: Milk)")
        #expect(commands.undoStack?.undoTitle == "Undo Add Milk")
        try await commands.perform(identifier: "Undo")
        #expect(store.state.notes.isEmpty)
    }

    @Test func anEffectThatIsAnActionIsSentAndAnotherIsPerformedByTheCoordinator() async throws {
        let store = makeStore()
        let dispatcher = ActionDispatcher(name: "Items")
        var shown: [Int] = []
        try dispatcher.register(ShowItem.self) { shown.append($0.id) }
        addShowItemActions(to: store)
        let mainCoordinator = MainCoordinator(actionRouter: nil)

        store.add(effectHandler: PerformedEffects(by: mainCoordinator) { coordinator, effect in
            if case .presentLogin = effect { coordinator.showLogin() }
        })

        store.send(.addItem("Milk"))
        store.send(.addItem(""))
        await store.waitForEffects()
        #expect(shown == [4])
        #expect(mainCoordinator.logins == 1)
    }

    @Test func anActionSentFromAnyScreenBecomesTheStoresIntent() throws {
        let store = makeStore()
        let coordinator = BaseCoordinator()

        try store.handle(ToggleIDs.self, on: coordinator.dispatcher) { _ in .toggleIDs }
        try ToggleIDs().send()          // from any screen: the store processes .toggleIDs

        #expect(store.state.showsIDs)
    }

    @Test func anAsyncActionReturnsTheItemItsIntentsEffectsSentBack() async throws {
        let store = makeStore()
        let coordinator = BaseCoordinator()

        struct SaveItem: AsyncAction { typealias ReturnType = Item; let title: String }

        try store.handle(SaveItem.self, on: coordinator.dispatcher) { .addItem($0.title) } result: { outcome, _ in
            if let error = outcome.first(where: \.saveError) { throw error }
            guard let item = outcome.first(where: \.addedItem) else { throw NotSaved() }
            return item
        }
        let item = try await SaveItem(title: "Milk").send()   // the item with the id the database gave it

        #expect(item == Item(id: 4, title: "Milk"))
        await #expect(throws: SaveError.self) { try await SaveItem(title: "fail").send() }
    }
}
