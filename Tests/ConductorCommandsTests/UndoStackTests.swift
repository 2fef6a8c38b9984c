import ConductorCommands
import Testing

@MainActor
final class Model { var name = "Untitled" }

@MainActor
final class RenameCommand: Command {
    let model: Model
    init(_ model: Model) { self.model = model }
    func perform(context: CommandContext) async throws {
        let old = model.name
        let new = try context.string("name")
        model.name = new
        context.undoStack?.register(
            title: "Rename", undo: { [model] in model.name = old }, redo: { [model] in model.name = new })
    }
}

@MainActor
struct UndoStackTests {
    let model = Model()
    let manager = CommandManager()

    init() throws {
        try manager.register([RenameCommand(model), UndoCommand(), RedoCommand()])
    }

    @Test func undoAndRedoAreCommandsValidatedByTheStack() async throws {
        #expect(manager.validate(identifier: "Undo") == .inactive(title: "Undo", shortTitle: "Undo"))
        try await manager.perform(identifier: "Rename(name: A)")
        try await manager.perform(identifier: "Rename(name: B)")
        #expect(manager.validate(identifier: "menu.Undo").title == "Undo Rename")
        try await manager.perform(identifier: "Undo")
        #expect(model.name == "A")
        #expect(manager.validate(identifier: "Redo").title == "Redo Rename")
        try await manager.perform(identifier: "Redo")
        #expect(model.name == "B")
        try await manager.perform(identifier: "Undo")
        try await manager.perform(identifier: "Undo")
        #expect(model.name == "Untitled")
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Undo") }
    }

    @Test func aNewStepClearsTheRedoSteps() async throws {
        try await manager.perform(identifier: "Rename(name: A)")
        try await manager.perform(identifier: "Undo")
        #expect(manager.undoStack?.canRedo == true)
        try await manager.perform(identifier: "Rename(name: C)")
        #expect(manager.undoStack?.canRedo == false)
    }

    @Test func groupsUndoAsOneStepInReverseOrder() async throws {
        let stack = UndoStack()
        var log: [String] = []
        stack.beginGroup(title: "Tidy")
        stack.register(title: "a", undo: { log.append("undo a") }, redo: { log.append("redo a") })
        stack.beginGroup(title: "inner")
        stack.register(title: "b", undo: { log.append("undo b") }, redo: { log.append("redo b") })
        stack.endGroup()
        stack.endGroup()
        stack.endGroup()
        #expect(stack.undoCount == 1)
        #expect(stack.undoTitle == "Undo Tidy")
        try await stack.undo()
        try await stack.redo()
        #expect(log == ["undo b", "undo a", "redo a", "redo b"])
    }

    @Test func theLimitDropsTheOldestSteps() {
        let stack = UndoStack(limit: 2)
        for index in 0..<5 { stack.register(title: "\(index)", undo: {}, redo: {}) }
        #expect(stack.undoCount == 2)
        #expect(stack.undoTitle == "Undo 4")
        stack.limit = 1
        #expect(stack.undoCount == 1)
        stack.removeAll()
        #expect(!stack.canUndo)
    }

    @Test func aFailingInverseIsACommandError() async {
        let stack = UndoStack()
        stack.register(title: "x", undo: { throw Boom() }, redo: {})
        await #expect {
            try await stack.undo()
        } throws: { error in
            guard case .failed("Undo", _)? = error as? CommandError else { return false }
            return true
        }
        await #expect(throws: CommandError.self) { try await stack.redo() }
    }

    @Test func withoutAnUndoStackUndoIsIneligible() throws {
        let bare = CommandManager(undoStack: nil)
        try bare.register(UndoCommand())
        #expect(bare.validate(identifier: "Undo").state == .ineligible)
    }
}
