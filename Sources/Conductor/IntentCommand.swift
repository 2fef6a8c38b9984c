/// A command that sends an intent to a store: validated from the state, and undone through an inverse intent.
///
/// The typed path from a menu item, button, key binding or prompt to the state: the command builds the intent from
/// its context, sends it and waits until the effects it caused have finished (`Store/sendAndWait(_:)`), then reads
/// from its ``IntentOutcome`` — the intents its own effects sent back, and the settled state — whether it succeeded
/// and how to undo it. The answer is this perform's own even when another perform of the command overlaps it, so an
/// undo step always undoes what this perform did.
///
/// ```swift
/// let save = IntentCommand("Save", store: store, failure: \.saveError) { state, _ in
///     .active(title: "save <title>")
/// } intent: { context in
///     .addItem(try context.string("title"))
/// } outcome: { outcome, _ in
///     guard let item = outcome.first(where: \.addedItem) else { return nil }
///     return .init(title: "Create “\(item.title)”", undo: .removeItem(item.id), redo: .restoreItem(item))
/// }
/// ```
///
/// `failure` recognises the intents that say an intent failed (`saveError` returns the error such an intent
/// carries, TCA's `TaskResult` failure): when the perform's own effects send one back, the perform throws that error,
/// typed, and registers no undo step; when an undo or redo's effects do, the undo or redo throws it.
@MainActor
public final class IntentCommand<State, IntentType: Sendable>: Command {
    /// How to undo a performed intent, and redo it: an inverse intent and the intent that restores it.
    public struct UndoStep {
        /// The step's title in `Undo …` and `Redo …`.
        public var title: String
        /// The intent that reverses the command.
        public var undo: IntentType
        /// The intent that performs the command again after an undo.
        public var redo: IntentType

        /// Creates a step.
        public init(title: String, undo: IntentType, redo: IntentType) {
            self.title = title
            self.undo = undo
            self.redo = redo
        }
    }

    /// The identifier the command registers under by default.
    public let identifier: String
    private let currentState: @MainActor () -> State
    private let sendAndWait: @MainActor (IntentType) async -> [IntentType]
    private let validation: @MainActor (State, CommandContext) -> CommandValidation
    private let makeIntent: @MainActor (CommandContext) throws -> IntentType
    private let outcome: @MainActor (IntentOutcome<State, IntentType>, CommandContext) throws -> UndoStep?
    private let failure: @MainActor (IntentType) -> (any Error)?

    /// Creates a command that sends its intent to a store.
    /// - Parameters:
    ///   - identifier: The name it is invoked by, such as `Save`.
    ///   - store: The store that receives the intent: a `Store` or a scope of one. The command keeps it alive.
    ///   - validate: How the command shows for the current state; active by default.
    ///   - intent: The intent for a context; throw when the arguments do not make one (the perform fails with it).
    ///   - outcome: Reads the intent's outcome — the intents its effects sent back, the settled state: throw when the
    ///     intent failed (no undo step is registered), return how to undo it, or `nil` for a command that cannot be
    ///     undone. `nil` by default.
    public convenience init(
        _ identifier: String,
        store: Store<State, IntentType, some Effect>,
        validate: @escaping @MainActor (State, CommandContext) -> CommandValidation = { _, context in
            .active(title: context.identifier.name)
        },
        intent: @escaping @MainActor (CommandContext) throws -> IntentType,
        outcome: @escaping @MainActor (IntentOutcome<State, IntentType>, CommandContext) throws -> UndoStep? = {
            _, _ in nil
        }
    ) {
        self.init(
            identifier, state: { store.state }, sendAndWait: { await store.sendAndWait($0) }, failure: { _ in nil },
            validate: validate, intent: intent, outcome: outcome)
    }

    /// Creates a command that sends its intent to a store and fails with the error an intent sent back carries.
    /// - Parameters:
    ///   - identifier: The name it is invoked by, such as `Save`.
    ///   - store: The store that receives the intent: a `Store` or a scope of one. The command keeps it alive.
    ///   - failure: The error an intent carries when it says an intent failed, such as `\.saveError`; `nil` for the
    ///     other intents. The first such intent the effects send back fails the perform (or the undo or redo) with
    ///     its error.
    ///   - validate: How the command shows for the current state; active by default.
    ///   - intent: The intent for a context; throw when the arguments do not make one (the perform fails with it).
    ///   - outcome: As in ``init(_:store:validate:intent:outcome:)``; not called when the intent failed.
    public convenience init<Failure: Error>(
        _ identifier: String,
        store: Store<State, IntentType, some Effect>,
        failure: any KeyPath<IntentType, Failure?> & Sendable,
        validate: @escaping @MainActor (State, CommandContext) -> CommandValidation = { _, context in
            .active(title: context.identifier.name)
        },
        intent: @escaping @MainActor (CommandContext) throws -> IntentType,
        outcome: @escaping @MainActor (IntentOutcome<State, IntentType>, CommandContext) throws -> UndoStep? = {
            _, _ in nil
        }
    ) {
        self.init(
            identifier, state: { store.state }, sendAndWait: { await store.sendAndWait($0) },
            failure: { $0[keyPath: failure] }, validate: validate, intent: intent, outcome: outcome)
    }

    private init(
        _ identifier: String,
        state: @escaping @MainActor () -> State,
        sendAndWait: @escaping @MainActor (IntentType) async -> [IntentType],
        failure: @escaping @MainActor (IntentType) -> (any Error)?,
        validate: @escaping @MainActor (State, CommandContext) -> CommandValidation,
        intent: @escaping @MainActor (CommandContext) throws -> IntentType,
        outcome: @escaping @MainActor (IntentOutcome<State, IntentType>, CommandContext) throws -> UndoStep?
    ) {
        self.identifier = identifier
        self.currentState = state
        self.sendAndWait = sendAndWait
        self.validation = validate
        self.makeIntent = intent
        self.outcome = outcome
        self.failure = failure
    }

    /// Validates from the store's current state.
    public func validate(context: CommandContext) -> CommandValidation { validation(currentState(), context) }

    /// Sends the intent, waits for its effects, throws the failure they sent back if any, then registers the undo
    /// step the outcome gives.
    public func perform(context: CommandContext) async throws {
        let intent = try makeIntent(context)
        let sentBack = try await run(intent)
        try Task.checkCancellation()
        guard let step = try outcome(IntentOutcome(state: currentState(), sentBack: sentBack), context) else { return }
        context.undoStack?.register(
            title: step.title,
            undo: { [self] in _ = try await run(step.undo) },
            redo: { [self] in _ = try await run(step.redo) }
        )
    }

    /// Sends an intent and waits for its effects; throws the first failure they sent back.
    private func run(_ intent: IntentType) async throws -> [IntentType] {
        let sentBack = await sendAndWait(intent)
        for back in sentBack { if let error = failure(back) { throw error } }
        return sentBack
    }

}
