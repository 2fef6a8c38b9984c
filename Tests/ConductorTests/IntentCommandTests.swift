import Conductor
import Testing

@MainActor
struct IntentCommandTests {
    let store = Store(state: NotesState(), reducer: notesReducer)
    let manager = CommandManager()

    init() throws {
        store.add(effectHandler: PersistenceHandler(database: NotesDatabase()))
        let save = IntentCommand("Save", store: store) { state, _ in
            state.notes.count < 3 ? .active(title: "save") : .inactive(title: "save (full)")
        } intent: { context in
            .add(try context.string("title"))
        } outcome: { state, _ in
            if let error = state.lastError { throw SaveFailed(message: error) }
            guard let note = state.lastAdded else { return nil }
            return .init(title: "Create \(note.title)", undo: .remove(note.id), redo: .restore(note))
        }
        try manager.register([save, UndoCommand(), RedoCommand()])
    }

    @Test func aCommandSendsItsIntentWaitsForTheEffectsAndRegistersTheInverse() async throws {
        try await manager.perform(identifier: #"Save(title: "Milk")"#)
        #expect(store.state.notes == [Note(id: 1, title: "Milk")])
        #expect(manager.validate(identifier: "Undo").title == "Undo Create Milk")
        try await manager.perform(identifier: "Undo")
        #expect(store.state.notes.isEmpty)
        try await manager.perform(identifier: "Redo")
        #expect(store.state.notes == [Note(id: 1, title: "Milk")])
    }

    @Test func aFailedIntentFailsTheCommandAndRegistersNoUndo() async throws {
        await #expect {
            try await manager.perform(identifier: #"Save(title: "fail")"#)
        } throws: { error in
            guard let error = error as? CommandError, error.code == .failed else { return false }
            return error.underlyingError as? SaveFailed == SaveFailed(message: "the database refused it")
        }
        #expect(manager.undoStack?.canUndo == false)
        try await manager.perform(identifier: #"Save(title: "Bread")"#)
        #expect(manager.undoStack?.undoTitle == "Undo Create Bread")
    }

    @Test func validationComesFromTheState() async throws {
        for title in ["a", "b", "c"] { try await manager.perform(identifier: "Save(title: \(title))") }
        #expect(manager.validate(identifier: "Save(title: d)") == .inactive(title: "save (full)"))
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Save(title: d)") }
    }

    @Test func aMissingArgumentIsReported() async {
        await #expect(throws: CommandError.missingArgument(identifier: "Save", key: "title")) {
            try await manager.perform(identifier: "Save")
        }
    }
}
