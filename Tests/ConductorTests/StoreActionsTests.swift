import Conductor
import Testing

@MainActor
struct StoreActionsTests {
    let router = ActionRouter(name: "joins")
    let store = Store(state: NotesState(), reducer: notesReducer)

    init() {
        store.add(effectHandler: PersistenceHandler(database: NotesDatabase()))
    }

    @Test func aRoutedActionLandsInTheStoreAsAnIntent() throws {
        let dispatcher = ActionDispatcher(name: "notes", router: router)
        try store.handle(ShowNote.self, on: dispatcher) { .open($0.id) }
        var shown: [NotesEffect] = []
        store.add(effectHandler: PerformedEffects(by: dispatcher) { _, effect in shown.append(effect) })
        try ShowNote(id: 3).send(to: router)
        #expect(shown == [.showNote(3)])
    }

    @Test func anAsyncActionReturnsAValueReadOnceTheIntentsEffectsSettled() async throws {
        let dispatcher = ActionDispatcher(name: "notes", router: router)
        try store.handle(SaveNote.self, on: dispatcher) {
            .add($0.title)
        } result: { outcome, _ in
            if let error = outcome.first(where: \.failure) { throw SaveFailed(message: error) }
            return try #require(outcome.first(where: \.addedNote))
        }
        let note = try await SaveNote(title: "Milk").send(to: router)
        #expect(note == Note(id: 1, title: "Milk"))
        #expect(store.state.notes == [note])
        await #expect(throws: SaveFailed(message: "the database refused it")) {
            try await SaveNote(title: "fail").send(to: router)
        }
        // A failure does not poison the next save.
        #expect(try await SaveNote(title: "Bread").send(to: router) == Note(id: 2, title: "Bread"))
    }

    @Test func handlingATypeTwiceIsATypedError() throws {
        let dispatcher = ActionDispatcher(name: "notes", router: router)
        try store.handle(ShowNote.self, on: dispatcher) { .open($0.id) }
        #expect(throws: ActionError.self) { try store.handle(ShowNote.self, on: dispatcher) { .open($0.id) } }
    }

    @Test func aReleasedDispatcherReleasesTheRouteAndTheStore() throws {
        weak var weakStore: Store<NotesState, NotesIntent, NotesEffect>?
        do {
            let store = Store(state: NotesState(), reducer: notesReducer)
            weakStore = store
            let dispatcher = ActionDispatcher(name: "notes", router: router)
            try store.handle(ShowNote.self, on: dispatcher) { .open($0.id) }
            #expect(router.isRegistered(ShowNote.self))
        }
        #expect(weakStore == nil)
        #expect(!router.isRegistered(ShowNote.self))
    }
}
