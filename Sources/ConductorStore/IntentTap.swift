/// Where a store writes each intent it processes, with whether the app sent it on its own — a few instructions on
/// the per-frame path, no chain and no call out: what a recorder that runs in release builds reads (the flight
/// recorder, `FlightRecorder` in the Conductor module). A middleware is for what changes, holds or watches intents one
/// by one.
///
/// Add it with ``Store/addIntentTap(_:)`` to a root store; a store writes to each of its taps (a recorder per window
/// over a shared store). The store writes before the reducer runs, so the intent a reducer
/// traps on is the last one written. The reader reads ``entries``, calls ``forget(first:)`` for what it no longer
/// needs, and is called back when ``count`` reaches ``checkpoint``.
///
/// ```swift
/// let tap = IntentTap<AppIntent> { tap in print("\(tap.count) intents written") }
/// tap.checkpoint = 1_000
/// store.addIntentTap(tap)
/// ```
@MainActor
public final class IntentTap<IntentType> {
    /// An intent written, and whether the app sent it on its own: neither an effect's answer (or what processing one
    /// sent) nor written while ``sendsAreOnTheirOwn`` was `false`.
    public struct Written {
        /// The intent.
        public let intent: IntentType
        /// Whether the app sent it on its own.
        public let sentOnItsOwn: Bool

        @usableFromInline
        init(intent: IntentType, sentOnItsOwn: Bool) {
            self.intent = intent
            self.sentOnItsOwn = sentOnItsOwn
        }
    }

    // The per-frame path writes into a fixed buffer of `stagingCapacity` entries and moves them to `written` a batch at
    // a time: an array's append checks uniqueness and capacity on every call, which was most of a write's cost.
    // Invariants (asserted): `staging.count` entries of the buffer are initialised, the rest are not;
    // `staging.count <= stagedLimit <= stagingCapacity`. The properties below skip Swift's dynamic exclusivity checks —
    // safe: every access is on the main actor and none overlaps another (`write` calls out only after it has finished
    // with them).
    @usableFromInline static var stagingCapacity: Int { 256 }
    @usableFromInline let staging = Staging<Written>(capacity: IntentTap.stagingCapacity)
    /// How many entries may be staged before a move: the capacity, or fewer to reach ``checkpoint``.
    @exclusivity(unchecked) @usableFromInline var stagedLimit = IntentTap.stagingCapacity
    @exclusivity(unchecked) @usableFromInline var written: [Written] = []

    /// Whether an intent that is not an effect's answer counts as sent on its own: the reader turns it off while a
    /// command or a link it records is under way, whose intents are its own.
    @exclusivity(unchecked) public var sendsAreOnTheirOwn = true
    /// When ``count`` reaches this count, the store calls back (`onCheckpoint`) after writing; `Int.max` by default.
    @exclusivity(unchecked) public var checkpoint = Int.max {
        didSet { updateStagedLimit() }
    }
    private let onCheckpoint: @MainActor (IntentTap) -> Void

    /// A tap that calls `onCheckpoint` when ``count`` reaches ``checkpoint``.
    public init(onCheckpoint: @escaping @MainActor (IntentTap) -> Void) {
        self.onCheckpoint = onCheckpoint
    }

    /// The intents written and not yet forgotten, in the order processed, each with whether the app sent it on its
    /// own.
    public var entries: [Written] {
        moveStaged()
        return written
    }

    /// How many intents are written and not yet forgotten.
    public var count: Int { written.count + staging.count }

    /// Forgets the first `count` intents (all of them when `count` is larger).
    public func forget(first count: Int) {
        moveStaged()
        written.removeFirst(min(max(count, 0), written.count))
        updateStagedLimit()
    }

    /// Writes an intent: what the store calls, before its reducer.
    @inlinable
    func write(_ intent: IntentType, isAnswer: Bool) {
        assert(
            staging.count < stagedLimit && stagedLimit <= Self.stagingCapacity, "IntentTap's staging invariant broke")
        (staging.pointer + staging.count).initialize(
            to: Written(intent: intent, sentOnItsOwn: !isAnswer && sendsAreOnTheirOwn))
        staging.count += 1
        if staging.count == stagedLimit { stagingIsFull() }
    }

    /// Moves the staged entries to `written`, and calls back when the checkpoint is reached. Inlinable, as the move
    /// is compiled for the app's intents.
    @inlinable
    func stagingIsFull() {
        moveStaged()
        if written.count >= checkpoint { reachedCheckpoint() }
    }

    @usableFromInline
    func reachedCheckpoint() { onCheckpoint(self) }

    @inlinable
    func moveStaged() {
        guard staging.count > 0 else { return }
        written.append(contentsOf: UnsafeBufferPointer(start: staging.pointer, count: staging.count))
        staging.pointer.deinitialize(count: staging.count)
        staging.count = 0
        updateStagedLimit()
    }

    @usableFromInline
    func updateStagedLimit() {
        let staged = staging.count
        let toCheckpoint = checkpoint == Int.max ? Self.stagingCapacity : max(checkpoint - written.count - staged, 1)
        stagedLimit = staged + max(1, min(Self.stagingCapacity - staged, toCheckpoint))
    }
}

/// The fixed buffer an ``IntentTap`` stages its entries in: it frees what it holds when it goes, so the tap needs no
/// deinitialiser of its own (a main-actor class's isolated deinit needs a runtime newer than macOS 14).
@usableFromInline
final class Staging<Element> {
    @usableFromInline let pointer: UnsafeMutablePointer<Element>
    /// How many entries are initialised, from the start.
    @exclusivity(unchecked) @usableFromInline var count = 0

    init(capacity: Int) {
        pointer = .allocate(capacity: capacity)
    }

    deinit {
        pointer.deinitialize(count: count)
        pointer.deallocate()
    }
}
