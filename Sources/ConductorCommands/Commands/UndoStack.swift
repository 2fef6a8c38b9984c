public import Observation

/// Undo and redo for commands: a command registers its inverse while it performs; the `Undo` and `Redo` commands
/// run them.
///
/// ```swift
/// final class RenameCommand: Command {
///     func perform(context: CommandContext) async throws {
///         let old = model.name
///         let new = try context.string("name")
///         model.name = new
///         context.undoStack?.register(title: "Rename", undo: { model.name = old }, redo: { model.name = new })
///     }
/// }
/// manager.register([RenameCommand(), UndoCommand(), RedoCommand()])
/// try await manager.perform(identifier: "Rename(name: Report)")
/// let undoTitle = manager.validate(identifier: "Undo").title   // "Undo Rename"
/// ```
///
/// Group several registrations into one step with ``beginGroup(title:)`` and ``endGroup()``. `limit` bounds how
/// many steps are kept; registering a new step clears the redo steps.
///
/// The stack is `Observable`: a view that shows ``undoTitle`` or ``canUndo`` (an Undo button or menu item) is
/// invalidated when a step is registered, undone or redone.
@MainActor
@Observable
public final class UndoStack {
    private struct Step {
        /// Tells a step apart from the others, so that a finished undo or redo finds it wherever it is now.
        var id = 0
        let title: String
        var undo: [@MainActor () async throws -> Void]
        var redo: [@MainActor () async throws -> Void]
    }

    /// How many undo steps are kept; the oldest are dropped beyond it. 100 by default; 0 keeps every step.
    package var limit: Int {
        didSet { trim() }
    }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    @ObservationIgnored private var openGroups: [Step] = []
    @ObservationIgnored private var nextStepID = 0

    /// Creates an empty stack.
    /// - Parameter limit: How many undo steps are kept; 100 by default, 0 for no limit.
    public init(limit: Int = 100) {
        self.limit = limit
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }
    /// How many steps can be undone.
    public var undoCount: Int { undoSteps.count }
    /// The menu title for undo: `Undo Rename`, or `Undo` when there is nothing to undo.
    public var undoTitle: String { undoSteps.last.map { "Undo \($0.title)" } ?? "Undo" }
    /// The menu title for redo: `Redo Rename`, or `Redo` when there is nothing to redo.
    public var redoTitle: String { redoSteps.last.map { "Redo \($0.title)" } ?? "Redo" }

    /// Registers one step: how to undo it and how to redo it. Clears the redo steps.
    public func register(
        title: String,
        undo: @escaping @MainActor () async throws -> Void,
        redo: @escaping @MainActor () async throws -> Void
    ) {
        if !openGroups.isEmpty {
            openGroups[openGroups.count - 1].undo.append(undo)
            openGroups[openGroups.count - 1].redo.append(redo)
            return
        }
        push(Step(title: title, undo: [undo], redo: [redo]))
    }

    private func push(_ step: Step) {
        var step = step
        nextStepID += 1
        step.id = nextStepID
        undoSteps.append(step)
        redoSteps.removeAll()
        trim()
    }

    /// Starts a group: the steps registered until ``endGroup()`` undo and redo as one step titled `title`.
    public func beginGroup(title: String) {
        openGroups.append(Step(title: title, undo: [], redo: []))
    }

    /// Ends the innermost group; an empty group registers nothing. Does nothing without an open group.
    public func endGroup() {
        guard let group = openGroups.popLast(), !group.undo.isEmpty else { return }
        if openGroups.isEmpty {
            push(group)
        } else {
            openGroups[openGroups.count - 1].undo += group.undo
            openGroups[openGroups.count - 1].redo += group.redo
        }
    }

    /// Undoes the last step (a group's registrations in reverse order).
    ///
    /// The step moves to the redo steps before its inverses run, so undos and redos that overlap (each awaits its
    /// inverses) keep their order, and a step registered meanwhile clears it from the redo steps as it should.
    /// - Throws: `CommandError.nothingToUndo(operation:)`, or `CommandError.failed(identifier:error:)` when an
    ///   inverse throws (the step is then dropped).
    public func undo() async throws(CommandError) {
        guard let step = undoSteps.popLast() else { throw .nothingToUndo(operation: "undo") }
        redoSteps.append(step)
        do {
            for action in step.undo.reversed() { try await action() }
        } catch {
            redoSteps.removeAll { $0.id == step.id }
            throw .failed(identifier: "Undo", error: error)
        }
    }

    /// Redoes the last undone step; like ``undo()``, the step moves back before its actions run.
    /// - Throws: `CommandError.nothingToUndo(operation:)` or `CommandError.failed(identifier:error:)` (the step
    ///   is then dropped).
    public func redo() async throws(CommandError) {
        guard let step = redoSteps.popLast() else { throw .nothingToUndo(operation: "redo") }
        undoSteps.append(step)
        trim()
        do {
            for action in step.redo { try await action() }
        } catch {
            undoSteps.removeAll { $0.id == step.id }
            throw .failed(identifier: "Redo", error: error)
        }
    }

    /// Forgets every step.
    public func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        openGroups.removeAll()
    }

    private func trim() {
        if limit > 0, undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
    }
}
