import Conductor
import Testing

/// Every join at once, through the headless router: a typed command from the visible flow sends an intent; the
/// reducer's effect persists off the main actor and sends an intent back; the next effect becomes an action that the
/// flow owning the stack handles by pushing a screen; the flow observes the state; undo goes through the inverse
/// intent; a deep link takes the same tree; finishing the flow ends what it owned.
@MainActor
struct WholeFlowTests {
    enum Link: DeepLink { case note(Int) }

    final class NotesFlow: FlowCoordinator<Void>, CommandSupplier {
        let router: HeadlessNavigationRouter
        let store: Store<NotesState, NotesIntent, NotesEffect>
        var titles: [String] = []
        private(set) var suppliedCommands: [String: any Command] = [:]

        init(
            router: HeadlessNavigationRouter, store: Store<NotesState, NotesIntent, NotesEffect>, actions: ActionRouter
        )
            throws
        {
            self.router = router
            self.store = store
            super.init(actionRouter: actions)
            suppliedCommands = [
                "Save": IntentCommand("Save", store: store) { _, _ in
                    .active(title: "save")
                } intent: { context in
                    .add(try context.string("title"))
                } outcome: { outcome, _ in
                    if let error = outcome.first(where: \.failure) { throw SaveFailed(message: error) }
                    guard let note = outcome.first(where: \.addedNote) else { return nil }
                    return .init(title: "Create \(note.title)", undo: .remove(note.id), redo: .restore(note))
                }
            ]
            try self.dispatcher.register(ShowNote.self) { [unowned self] action in
                try self.router.push(Page("Note \(action.id)"), animated: false, hidesBottomBar: false, onPop: nil)
            }
        }

        override func start() {
            do { try router.setRoot(Page("Notes"), hideBar: false) } catch { Issue.record(error) }
            observe(store, \.notes) { [unowned self] notes in titles = notes.map(\.title) }
            cancelEffectsWhenEnded(["sync"], of: store)
        }

        override func handle(deepLink: any DeepLink) -> Bool {
            guard case Link.note(let id) = deepLink else { return false }
            store.send(.open(id))
            return true
        }
    }

    @Test func aTypedCommandFlowsToTheStateAndBackThroughEveryJoin() async throws {
        let actions = ActionRouter(name: "app")
        let store = Store(state: NotesState(), reducer: notesReducer)
        store.add(effectHandler: PersistenceHandler(database: NotesDatabase()))
        store.add(
            effectHandler: ActionEffects(router: actions) { effect in
                switch effect {
                case .showNote(let id): ShowNote(id: id)
                default: nil
                }
            })
        let app = BaseCoordinator(actionRouter: actions)
        let router = HeadlessNavigationRouter(name: "main")
        let manager = CommandManager()
        manager.followCoordinators(from: app)
        manager.register([UndoCommand(), RedoCommand()])
        var links = DeepLinkMatcher<Link>()
        links.register("app://notes/:id") { p in .note(try p.int("id")) }

        weak var weakFlow: NotesFlow?
        do {
            let flow = try NotesFlow(router: router, store: store, actions: actions)
            weakFlow = flow
            app.run()
            app.startChild(flow)

            try await manager.perform(CommandIdentifier(name: "Save", arguments: [("title", .string("Milk"))]))
            #expect(flow.titles == ["Milk"])
            #expect(manager.validate(identifier: "Undo").title == "Undo Create Milk")

            try app.open("app://notes/1", with: links)
            #expect(router.description == "main: Notes › Note 1")

            try await manager.perform(identifier: "Undo")
            #expect(flow.titles.isEmpty)
            try await manager.perform(identifier: "Redo")
            #expect(flow.titles == ["Milk"])

            let answer = await store.sendAndWait(.add("fail"))
            #expect(answer == [.failed("the database refused it")])

            flow.finish()
        }
        #expect(weakFlow == nil)
        #expect(store.subscriptionCount == 0)
        #expect(manager.availableIdentifiers() == ["Redo", "Undo"])
        #expect(throws: DeepLinkError.self) { try app.open("app://notes/1", with: links) }
    }
}
