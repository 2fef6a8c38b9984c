import ConductorCommands
import PropertyBased
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
        manager.register([RenameCommand(model), UndoCommand(), RedoCommand()])
    }

    /// An Undo button shows the stack's title: it must redraw when a step is registered, undone or redone.
    @Test func aReaderOfTheUndoTitleIsInvalidatedWhenTheStackChanges() async throws {
        let stack = try #require(manager.undoStack)
        let invalidations = InvalidationCount()
        func track() { invalidations.track { [weak stack] in _ = stack?.undoTitle } }
        track()
        try await manager.perform(identifier: "Rename(name: A)")
        #expect(invalidations.value == 1)
        track()
        try await manager.perform(identifier: "Undo")
        #expect(invalidations.value == 2)
        track()
        try await manager.perform(identifier: "Redo")
        #expect(invalidations.value == 3)
        track()
        stack.limit = 50
        #expect(invalidations.value == 3)
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
            guard let error = error as? CommandError, error.code == .failed else { return false }
            return error.identifier == "Undo" && error.underlyingError is Boom
        }
        await #expect(throws: CommandError.self) { try await stack.redo() }
    }

    @Test func withoutAnUndoStackUndoIsIneligible() throws {
        let bare = CommandManager(undoStack: nil)
        bare.register(UndoCommand())
        #expect(bare.validate(identifier: "Undo").state == .ineligible)
    }

    /// Two undos in flight finish in the opposite order: redo must still replay the steps in the order they were
    /// undone from.
    @Test func concurrentUndosKeepTheRedoOrder() async throws {
        let stack = UndoStack()
        var log: [String] = []
        let gate = Gate()
        stack.register(title: "1", undo: { log.append("undo 1") }, redo: { log.append("redo 1") })
        stack.register(
            title: "2",
            undo: {
                await gate.wait()
                log.append("undo 2")
            },
            redo: { log.append("redo 2") })
        async let first: Void = stack.undo()
        await Task.yield()
        async let second: Void = stack.undo()
        try await second
        gate.open()
        try await first
        #expect(stack.redoTitle == "Redo 1")
        try await stack.redo()
        try await stack.redo()
        #expect(log.suffix(2) == ["redo 1", "redo 2"])
    }

    /// A command that registers a step while an undo is in flight clears the redo steps; the undo must not push its
    /// step back when it finishes.
    @Test func anUndoInFlightDoesNotRestoreAStaleRedoStep() async throws {
        let stack = UndoStack()
        let gate = Gate()
        stack.register(title: "old", undo: { await gate.wait() }, redo: {})
        async let undo: Void = stack.undo()
        await Task.yield()
        stack.register(title: "new", undo: {}, redo: {})
        gate.open()
        try await undo
        #expect(!stack.canRedo)
        #expect(stack.undoTitle == "Undo new")
    }

    @Test func aFailedUndoDropsItsStepFromTheRedoSteps() async {
        let stack = UndoStack()
        stack.register(title: "x", undo: { throw Boom() }, redo: {})
        await #expect(throws: CommandError.self) { try await stack.undo() }
        #expect(!stack.canRedo)
        #expect(!stack.canUndo)
    }
}

/// Undo, then redo, as many steps as were registered, with inverses that suspend and overlap.
@MainActor
struct UndoStackPropertyTests {
    final class Counter {
        var value = 0
    }

    @Test func undoingThenRedoingEveryStepConcurrentlyRestoresTheState() async {
        await propertyCheck(count: 200, input: Gen.int(in: -50...50).array(of: 1...12)) { deltas throws in
            let stack = UndoStack(limit: 0)
            let counter = Counter()
            for delta in deltas {
                counter.value += delta
                stack.register(
                    title: "\(delta)",
                    undo: {
                        await Task.yield()
                        counter.value -= delta
                    },
                    redo: {
                        await Task.yield()
                        counter.value += delta
                    })
            }
            let final = counter.value
            // All undos start before any finishes: each suspends in its inverse.
            let undos = deltas.map { _ in Task { try await stack.undo() } }
            for undo in undos { try await undo.value }
            #expect(counter.value == 0)
            #expect(!stack.canUndo)
            let redos = deltas.map { _ in Task { try await stack.redo() } }
            for redo in redos { try await redo.value }
            #expect(counter.value == final)
            #expect(stack.undoCount == deltas.count)
            #expect(!stack.canRedo)
        }
    }
}

/// Suspends its waiters until opened.
@MainActor
final class Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}
