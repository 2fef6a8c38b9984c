/// What one intent came to: the state once it and everything it caused had settled, and the intents its own effects
/// sent back — its answer, which belongs to this intent alone even when other calls ran meanwhile.
///
/// `IntentCommand`'s outcome and `Store.handle(_:on:intent:result:)` receive one. Read an answer from ``sentBack``
/// (the item the database created, the error it reported) rather than from a "last result" field of the state,
/// which the other call in flight may have written:
///
/// ```swift
/// IntentCommand("Save", store: store) { _, _ in .active(title: "save") } intent: { context in
///     .add(try context.string("title"))
/// } outcome: { outcome, _ in
///     guard let note = outcome.first(where: { if case .added(let note) = $0 { note } else { nil } }) else {
///         return nil
///     }
///     return .init(title: "Add \(note.title)", undo: .remove(note.id), redo: .restore(note))
/// }
/// ```
///
/// Fields of the state read through it (`outcome.items`), as through `state`.
@MainActor
@dynamicMemberLookup
public struct IntentOutcome<State, IntentType> {
    /// The state after the intent and everything it caused had settled.
    public let state: State
    /// The intents the intent's own effects sent back (and those their effects sent), in the order processed.
    public let sentBack: [IntentType]

    /// An outcome of `state` and `sentBack`.
    package init(state: State, sentBack: [IntentType]) {
        self.state = state
        self.sentBack = sentBack
    }

    /// A field of ``state``.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value { state[keyPath: keyPath] }

    /// The first value `extract` finds among ``sentBack``: `outcome.first { if case .added(let item) = $0 { item } else { nil } }`.
    public func first<Value>(where extract: (IntentType) -> Value?) -> Value? {
        for intent in sentBack { if let value = extract(intent) { return value } }
        return nil
    }
}
