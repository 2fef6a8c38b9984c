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
        } outcome: { outcome, _ in
            if let error = outcome.first(where: \.failure) { throw SaveFailed(message: error) }
            guard let note = outcome.first(where: \.addedNote) else { return nil }
            return .init(title: "Create \(note.title)", undo: .remove(note.id), redo: .restore(note))
        }
        manager.register([save, UndoCommand(), RedoCommand()])
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

    @Test func aFailureTheEffectsSendBackIsThrownTypedAndSoIsAnUndosFailure() async throws {
        let store = Store(state: NotesState(), reducer: notesReducer)
        store.add(effectHandler: PersistenceHandler(database: NotesDatabase()))
        let manager = CommandManager()
        let save = IntentCommand("Save", store: store, failure: \.saveFailure) { _, _ in
            .active(title: "save")
        } intent: { context in
            .add(try context.string("title"))
        } outcome: { outcome, _ in
            guard let note = outcome.first(where: \.addedNote) else { return nil }
            // An undo the database refuses: it adds a note titled "fail".
            return .init(title: "Create \(note.title)", undo: .add("fail"), redo: .add(note.title))
        }
        manager.register([save, UndoCommand()])
        let refused = SaveFailed(message: "the database refused it")
        await #expect {
            try await manager.perform(identifier: #"Save(title: "fail")"#)
        } throws: { error in
            (error as? CommandError)?.underlyingError as? SaveFailed == refused
        }
        #expect(manager.undoStack?.canUndo == false)

        try await manager.perform(identifier: #"Save(title: "Milk")"#)
        await #expect {
            try await manager.perform(identifier: "Undo")
        } throws: { error in
            (error as? CommandError)?.underlyingError as? SaveFailed == refused
        }
    }

    @Test func validationComesFromTheState() async throws {
        for title in ["a", "b", "c"] { try await manager.perform(identifier: "Save(title: \(title))") }
        #expect(manager.validate(identifier: "Save(title: d)") == .inactive(title: "save (full)"))
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Save(title: d)") }
    }

    /// Two saves in flight at once, finishing in either order: each registers the undo step of its own note, so two
    /// undos leave nothing behind. (Read from a shared "last added" field, the second answer overwrote the first
    /// and both steps undid the same note.)
    @Test(arguments: [("slow A", "B"), ("A", "slow B")])
    func overlappingPerformsEachUndoTheirOwnIntent(first: String, second: String) async throws {
        for run in 0..<20 {
            let store = Store(state: NotesState(), reducer: notesReducer)
            store.add(effectHandler: PersistenceHandler(database: NotesDatabase()))
            let manager = CommandManager()
            manager.register([
                IntentCommand("Add", store: store) { context in
                    .add(try context.string("title"))
                } outcome: { outcome, _ in
                    guard let note = outcome.first(where: \.addedNote) else { return nil }
                    return .init(title: "Add \(note.title)", undo: .remove(note.id), redo: .restore(note))
                },
                UndoCommand(),
            ])
            async let one: Void = manager.perform(identifier: "Add(title: \"\(first)\")")
            async let two: Void = manager.perform(identifier: "Add(title: \"\(second)\")")
            _ = try await (one, two)
            #expect(store.state.notes.count == 2, "run \(run)")
            try await manager.perform(identifier: "Undo")
            try await manager.perform(identifier: "Undo")
            #expect(store.state.notes.isEmpty, "run \(run): \(store.state.notes)")
        }
    }

    @Test func aMissingArgumentIsReported() async {
        await #expect(throws: CommandError.missingArgument(identifier: "Save", key: "title")) {
            try await manager.perform(identifier: "Save")
        }
    }
}
