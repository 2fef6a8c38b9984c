// The bookkeeping of a store's send path, written once with its invariants: the queue of intents sent while one is
// being processed, and what each intent belongs to — the `sendAndWait` lineage that waits for its effects, the scope
// that owns it — carried to the effect runs it starts and the intents they send back.

/// What an intent being processed belongs to: the ``Store/sendAndWait(_:)`` call that waits for it (its *lineage*),
/// the scope that sent it (its *owner*), or neither — the plain send path, which pays one comparison for both.
@usableFromInline
struct IntentContext: Equatable, Sendable {
    @usableFromInline var lineage: Int?
    @usableFromInline var owner: Int?
    /// Whether the intent was sent back by an effect (``Store/isProcessingAnswer``); not part of ``isEmpty``, which
    /// says whether a run counts toward a lineage or an owner.
    @usableFromInline var isAnswer = false

    @usableFromInline
    init(lineage: Int? = nil, owner: Int? = nil) {
        self.lineage = lineage
        self.owner = owner
    }

    @inlinable var isEmpty: Bool { lineage == nil && owner == nil }
}

/// A store's send-path bookkeeping.
///
/// Invariants (checked by ``isConsistent`` under `assert` after each send, `sendAndWait` and effect run):
/// 1. Not processing ⇒ nothing queued: `pending` and `pendingContexts` are empty.
/// 2. `pendingContexts` has an entry for a queued intent exactly when it was queued under a non-empty context, and
///    its keys are indices of `pending`.
/// 3. `current` is restored after every nested use (a queued intent's turn, an effect's send, a scope's send), so an
///    effect run started while it is set belongs to that lineage and owner, and to nothing else.
/// 4. A lineage is open while `runs` has it (its count of running effect runs); a waiter is kept only for an open
///    lineage; its answer is kept from its beginning until it is taken.
/// 5. `runsByOwner` lists only running runs, and no owner with none.
///
/// Mutating methods never resume a continuation: they return it, and the store resumes it after the state is
/// updated, as swift-async-algorithms' state machines do.
@usableFromInline
struct SendState<Intent> {
    @usableFromInline var isProcessing = false
    /// The intents sent while one was being processed, in order.
    @usableFromInline var pending: [Intent] = []
    /// The context of each queued intent that has one, by its index in `pending`.
    @usableFromInline var pendingContexts: [Int: IntentContext] = [:]
    /// What the intent being processed belongs to.
    @usableFromInline var current = IntentContext()
    private var lastLineage = 0
    /// How many effect runs of each open lineage are running.
    private var runs: [Int: Int] = [:]
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    /// The intents each open lineage processed so far, its own intent first.
    @usableFromInline var answers: [Int: [Intent]] = [:]
    /// The running effect runs of each scope that sent intents, by its owner number.
    private var runsByOwner: [Int: Set<Int>] = [:]

    @usableFromInline init() {}

    // MARK: The queue

    /// Queues an intent sent while another is being processed, with the context it was sent under.
    @usableFromInline
    mutating func enqueue(_ intent: Intent) {
        if !current.isEmpty || current.isAnswer { pendingContexts[pending.count] = current }
        pending.append(intent)
    }

    /// The context the queued intent at `index` was sent under.
    mutating func takeContext(ofQueued index: Int) -> IntentContext {
        pendingContexts.isEmpty ? IntentContext() : pendingContexts.removeValue(forKey: index) ?? IntentContext()
    }

    /// Forgets the queue once every queued intent was processed.
    mutating func finishDraining() {
        pending.removeAll()
        pendingContexts.removeAll()
    }

    // MARK: Lineages

    /// Opens a lineage for a `sendAndWait`.
    mutating func beginLineage() -> Int {
        lastLineage += 1
        runs[lastLineage] = 0
        answers[lastLineage] = []
        return lastLineage
    }

    /// Whether a lineage is open: its effect runs are still counted.
    func isOpen(_ lineage: Int) -> Bool { runs[lineage] != nil }

    /// Whether a lineage may still have effect runs to wait for (an ended lineage counts: its waiter is resumed at
    /// once).
    func mayHaveRuns(_ lineage: Int) -> Bool { runs[lineage] != 0 }

    /// Keeps the waiter of an open lineage; returns `false`, keeping nothing, when it has ended.
    mutating func wait(for lineage: Int, _ continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard isOpen(lineage) else { return false }
        waiters[lineage] = continuation
        return true
    }

    /// Adds an intent processed under the current lineage to what its `sendAndWait` returns.
    @usableFromInline
    mutating func recordInLineage(_ intent: Intent) {
        guard let lineage = current.lineage, answers[lineage] != nil else { return }
        answers[lineage, default: []].append(intent)
    }

    /// Closes a lineage; returns its waiter, to resume.
    mutating func endLineage(_ lineage: Int) -> CheckedContinuation<Void, Never>? {
        runs[lineage] = nil
        return waiters.removeValue(forKey: lineage)
    }

    /// What a lineage's `sendAndWait` returns: the intents processed after its own.
    mutating func takeAnswer(_ lineage: Int) -> [Intent] {
        Array((answers.removeValue(forKey: lineage) ?? []).dropFirst())
    }

    // MARK: Effect runs

    /// An effect run starts under the current context: it counts toward its lineage and owner; returns the context
    /// the run carries.
    mutating func runStarted(_ run: Int) -> IntentContext {
        if let lineage = current.lineage { runs[lineage, default: 0] += 1 }
        if let owner = current.owner { runsByOwner[owner, default: []].insert(run) }
        return current
    }

    /// An effect run started under `context` finished; returns the waiter of a lineage it was the last run of.
    mutating func runFinished(_ run: Int, _ context: IntentContext) -> CheckedContinuation<Void, Never>? {
        if let owner = context.owner, var owned = runsByOwner[owner] {
            owned.remove(run)
            runsByOwner[owner] = owned.isEmpty ? nil : owned
        }
        guard let lineage = context.lineage, let count = runs[lineage] else { return nil }
        if count > 1 {
            runs[lineage] = count - 1
            return nil
        }
        return endLineage(lineage)
    }

    /// The context an effect's intent is sent under: its run's, less a lineage that has closed meanwhile.
    func context(forEffectOf context: IntentContext) -> IntentContext {
        guard let lineage = context.lineage, !isOpen(lineage) else { return context }
        return IntentContext(owner: context.owner)
    }

    // MARK: Owners

    func hasRuns(ownedBy owner: Int) -> Bool { runsByOwner[owner] != nil }

    /// Forgets an owner's runs; returns them, to cancel.
    mutating func endOwner(_ owner: Int) -> Set<Int> { runsByOwner.removeValue(forKey: owner) ?? [] }

    // MARK: Invariants

    /// Invariants 1, 2, 4 and 5, for `assert`.
    var isConsistent: Bool {
        (isProcessing || (pending.isEmpty && pendingContexts.isEmpty))
            && pendingContexts.keys.allSatisfy { $0 < pending.count }
            && waiters.keys.allSatisfy { runs[$0] != nil }
            && runsByOwner.values.allSatisfy { !$0.isEmpty }
    }
}
