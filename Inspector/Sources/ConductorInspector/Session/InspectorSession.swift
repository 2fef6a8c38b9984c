internal import ConductorCoordinators
internal import ConductorRecording
internal import CustomDump
internal import Foundation
public import Tracing

/// What an ``Inspector`` has seen: a bounded ring of the latest events, the watched stores (for time travel, export
/// and import), the coordinator tree and the navigation stacks — everything but the server, so it can be used and
/// tested on its own.
///
/// Events are cheap to record: each keeps the values it is about and is turned into text only when a page is
/// connected, asks for it, or the session is exported.
///
/// ## What a page costs
///
/// A page that connects is sent the newest ``pageWindow`` events (500 by default), not the whole ring, and each
/// event without its heavy fields: payloads are cut to a preview, and an intent's state and diff are made only when
/// the page asks for that event's details. Older events come a window at a time, on request. Messages are encoded to
/// JSON off the main actor where they are large (the first message, details, older events).
///
/// ## Time travel and import never touch live data
///
/// While a watched store shows a past or imported state, the intents sent to it are held, not processed — so no
/// reducer runs on the state shown and no effect starts — and `resume()` shows the live state again, then processes
/// them in order. An import is viewed, not executed: see `importRecording(_:)`.
@MainActor
public final class InspectorSession {
    /// The limits and token.
    package let configuration: InspectorConfiguration

    /// How many of the newest events a page is sent when it connects, and how many older ones per request for more:
    /// 500 by default. A value below 0 counts as 0.
    public var pageWindow = 500
    /// The largest recording an import reads, in bytes: 64 MiB by default. A larger one is refused whole, with
    /// `RecordingError.unreadable`.
    public var maximumImportBytes = 64 << 20
    /// The most lines an import reads: 200,000 by default. A recording with more is refused whole, with
    /// `RecordingError.unreadable`.
    public var maximumImportLines = 200_000
    /// How many intents a travelling store holds before it resumes live on its own and processes them: 10,000 by
    /// default, so nothing held is lost and the list stays bounded.
    package var maximumHeldIntents = 10_000
    /// The most intents a watched store keeps for time travel and export before the oldest half is folded into the
    /// state they led to. The timeline keeps fewer events (`InspectorConfiguration.capacity`, 2,000 by default), so
    /// every intent it shows can still be travelled to.
    package var maximumKeptIntents = 10_000

    struct Entry {
        var sequence: Int
        /// How long after the session began it was recorded; in seconds as ``time``, worked out when read.
        let elapsed: Duration
        var time: Double { InspectorSession.seconds(elapsed) }
        let kind: InspectorEvent.Kind
        /// The title, written when first read: an intent's or an effect's case name costs a reflection, which an
        /// event no page shows never pays.
        let lazyTitle: LazyTitle
        var title: String { lazyTitle.value }
        let source: String
        let step: Int?
        /// Where time travel to this event goes: a step of a store's live log or of its import.
        let target: TravelTarget?
        // Not `@MainActor` (which would make them `@Sendable` and the values they hold `Sendable`): the session is on
        // the main actor, and only it calls them.
        /// The fields every page is sent: short and cheap to make (payloads cut to a preview).
        let render: () -> [String: String]
        /// The fields made only when asked for: whole payloads, the state after an intent, its diff.
        let details: (() -> [String: String])?
        /// The entry as a line of Conductor's recording format, when its value is `Codable`.
        let record: (() -> String?)?
        var tree: CoordinatorNode?
        var stacks: [StackNode]?
        /// For navigation events: the watched coordinator tree as a value, which time travel restores.
        var navigation: NavigationTree?
        /// What set off the work the event belongs to.
        var cause: Cause?
        /// Whether time travel showed the past when the event was recorded (not an imported step alone): what a
        /// command then showed, resume undid.
        var duringTravel = false
        /// The event as pages are sent it, made the first time a page needs it and kept: ten pages connecting
        /// render each event once, not ten times.
        var shown: InspectorEvent?
    }

    private(set) var ring: [Entry] = []
    private var ringStart = 0
    var nextSequence = 1
    /// The session's observer of causes, attached to ``Causes`` while the session lives (held weakly there).
    private(set) lazy var causeTap = CauseTap(session: self)
    /// Where causal traces go as spans, each cause a span and each event under it a child span: the tracer
    /// bootstrapped in `InstrumentationSystem` (none, by default), or one of your own.
    public var tracer: any Tracer = InstrumentationSystem.tracer {
        didSet { causeTap.makesSpans = !(tracer is NoOpTracer) }
    }
    let started = ContinuousClock.now
    /// How many events left the ring because it was full.
    package private(set) var evictedCount = 0
    /// How many events were dropped on their way to a page that was too slow.
    package internal(set) var droppedForClients = 0

    /// A connected page: its stream, and what waits for its first message while that is being encoded.
    struct Subscriber {
        let continuation: AsyncStream<String>.Continuation
        /// Messages made while the page's `hello` was being encoded, sent right after it; `nil` once it was sent.
        var waiting: [String]?
    }

    var subscribers: [Int: Subscriber] = [:]
    var nextSubscriber = 0
    var stores: [String: any StoreHandle] = [:]
    /// Undo each `watch`: remove the taps from the watched objects.
    var detachers: [() -> Void] = []
    var navigation = NavigationWatcher()
    var lastNavigation: (tree: CoordinatorNode?, stacks: [StackNode], restorable: NavigationTree?)?
    /// Whether the watched stacks are tracked (Observation) for a change not yet seen.
    var isTrackingStacks = false
    /// Whether ``publishNavigationSoon()`` has a turn scheduled.
    var isNavigationPublishScheduled = false
    /// Whether time travel shows the past of the navigation and the stores (not an imported step alone): the
    /// navigation it restores is not recorded.
    var isTravelingInTime = false
    /// The page that asked for the time travel under way: when it leaves, the app resumes live.
    var travelingPage: Int?
    /// The trace of the last cause that began before the time travel under way: a later one was set off while the
    /// past showed.
    var travelBeganAfterTrace = Int.max
    /// The traces whose intents a travelling store held: their work happened after resume, apart from them.
    var tracesWithHeldIntents: Set<Int> = []
    /// Whether time travel is moving the stores or the tree, there or back: what the app sends in reaction is
    /// dropped, neither processed nor held (``dropReaction(store:)``).
    var isMovingInTime = false
    /// The reactions dropped by the move under way, by store.
    var droppedReactions: [String: Int] = [:]
    /// The coordinator tree when time travel began, restored by ``resume()``.
    var liveNavigation: (tree: NavigationTree, report: RestorationReport)?
    /// The root time travel shows the past of: the one watched when it began, restored by ``resume()``.
    weak var travelRoot: BaseCoordinator?
    /// The live flows when time travel began, kept until ``resume()`` hands those travel ended to the flows restored
    /// in their places, so that an answer still on its way (a save in flight) reaches the flow the user sees.
    var liveFlows: FlowPlaces?
    /// The deep links the session holds while it travels (`watch(_:)` of a `DeferredDeepLinks`).
    var watchedLinks: [WeakLinks] = []

    /// A recording a page is sending in chunks, between its `importBegin` and `importEnd` requests.
    struct Upload {
        let page: Int
        var bytes = Data()
    }

    /// The one import being sent in chunks; `nil` when none is.
    var upload: Upload?

    /// Creates a session.
    /// - Throws: ``InspectorError/Code/invalidConfiguration`` for a capacity or client buffer below 1.
    public init(configuration: InspectorConfiguration = InspectorConfiguration()) throws(InspectorError) {
        guard configuration.capacity >= 1, configuration.clientBuffer >= 1 else {
            throw InspectorError(
                .invalidConfiguration,
                "The inspector's capacity (\(configuration.capacity)) and client buffer "
                    + "(\(configuration.clientBuffer)) must be at least 1.")
        }
        self.configuration = configuration
        ring.reserveCapacity(min(configuration.capacity, 4_096))
    }

    // MARK: Recording

    /// Records an event. `render` runs when the event is shown or exported, `details` only when its details are
    /// asked for or the event is read in full. `causedNavigation` is for events whose tap recorded the navigation
    /// before the event began (``publishNavigationIfChanged()``): the navigation since is the event's doing.
    /// `duringTravel` is whether time travel showed the past when the work began; now, by default.
    func add(
        _ kind: InspectorEvent.Kind,
        _ title: @autoclosure @escaping () -> String,
        source: String,
        step: Int? = nil,
        target: TravelTarget? = nil,
        record: (() -> String?)? = nil,
        details: (() -> [String: String])? = nil,
        causedNavigation: Bool = false,
        duringTravel: Bool? = nil,
        render: @escaping () -> [String: String]
    ) {
        add(
            kind, title: LazyTitle(title), source: source, step: step, target: target, record: record,
            details: details, causedNavigation: causedNavigation, duringTravel: duringTravel, render: render)
    }

    /// ``add(_:_:source:step:target:record:details:causedNavigation:duringTravel:render:)`` with a title made
    /// already.
    func add(
        _ kind: InspectorEvent.Kind,
        title: LazyTitle,
        source: String,
        step: Int? = nil,
        target: TravelTarget? = nil,
        record: (() -> String?)? = nil,
        details: (() -> [String: String])? = nil,
        causedNavigation: Bool = false,
        duringTravel: Bool? = nil,
        render: @escaping () -> [String: String]
    ) {
        // Navigation is recorded whether or not a page is open. What changed since the last event is recorded before
        // this one — unless this event caused it (an intent, a command, an action or a link, whose taps recorded
        // the navigation before it began): then it is recorded right after it, where time travel and the timeline
        // look for what the event caused.
        if !causedNavigation { publishNavigationIfChanged() }
        var entry = Entry(
            sequence: nextSequence, elapsed: ContinuousClock.now - started, kind: kind, lazyTitle: title,
            source: source,
            step: step, target: target, render: render, details: details, record: record)
        if let cause = Cause.current {
            causeTap.willRecord(under: cause)  // a link's own event first
            entry.sequence = nextSequence
            entry.cause = cause
            causeTap.trace(kind, entry.title, source: source, under: cause)
        }
        entry.duringTravel = duringTravel ?? isTravelingInTime
        nextSequence += 1
        append(entry)
        if !subscribers.isEmpty { publishNewest() }
        publishNavigationIfChanged()
    }

    func append(_ entry: Entry) {
        if ring.count < configuration.capacity {
            ring.append(entry)
        } else {
            ring[ringStart] = entry
            ringStart = (ringStart + 1) % ring.count
            evictedCount += 1
        }
    }

    /// The events in the ring, oldest first, each in full — payloads, states and diffs rendered: for tests and logs.
    /// Its cost grows with the ring and the state; pages are sent less (see ``pageWindow``).
    package var events: [InspectorEvent] { entries.map { event(for: $0) } }

    /// The event numbered `sequence`, in full, or `nil` when it is not in the ring.
    package func event(sequence: Int) -> InspectorEvent? {
        index(ofSequence: sequence).map { event(for: entry(at: $0)) }
    }

    var entries: [Entry] { Array(ring[ringStart...]) + ring[..<ringStart] }

    /// The entry at `index` counting from the oldest; `index` must be below `ring.count`.
    func entry(at index: Int) -> Entry { ring[(ringStart + index) % ring.count] }

    /// How many entries are older than `sequence`: the index of the first whose sequence is `sequence` or more.
    func firstIndex(atOrAfter sequence: Int) -> Int {
        var low = 0
        var high = ring.count
        while low < high {
            let middle = (low + high) / 2
            if entry(at: middle).sequence < sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func index(ofSequence sequence: Int) -> Int? {
        let position = firstIndex(atOrAfter: sequence)
        return position < ring.count && entry(at: position).sequence == sequence ? position : nil
    }

    /// The event at `index`, counting from the oldest, as pages are sent it (``Entry/shown``).
    func shownEvent(at index: Int) -> InspectorEvent {
        let slot = (ringStart + index) % ring.count
        if let shown = ring[slot].shown { return shown }
        let shown = event(for: ring[slot], full: false)
        ring[slot].shown = shown
        return shown
    }

    func event(for entry: Entry, full: Bool = true) -> InspectorEvent {
        var fields = entry.render()
        if full, let details = entry.details { fields.merge(details()) { _, detail in detail } }
        return InspectorEvent(
            sequence: entry.sequence, time: entry.time, kind: entry.kind, title: entry.title, source: entry.source,
            fields: fields, step: entry.step, tree: entry.tree, stacks: entry.stacks, trace: entry.cause?.trace,
            cause: entry.cause?.description)
    }

    /// A duration in seconds.
    nonisolated static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A value's custom dump, cut to 200 characters: what a page is sent before it asks for the details.
    nonisolated static func preview(_ value: Any) -> String { cut(String(customDumping: value)) }

    /// `text` cut to `limit` characters, with `…` when it was longer.
    nonisolated static func cut(_ text: String, limit: Int = 200) -> String {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end != text.endIndex
        else { return text }
        return String(text[..<end]) + "…"
    }
}

/// A title written when first read, then kept. Not `Sendable`: it is made and read on the main actor, with the
/// session's entries.
final class LazyTitle {
    private var make: (() -> String)?
    private var subject: Any?
    private var made: String?

    init(_ make: @escaping () -> String) { self.make = make }

    /// The case name of `value` (an intent's, an effect's), kept as the value until read: one object, no closure.
    init(caseOf value: Any) { subject = value }

    var value: String {
        if let made { return made }
        let text = subject.map { InspectorSession.caseName(of: $0) } ?? make?() ?? ""
        made = text
        make = nil
        subject = nil
        return text
    }
}

extension InspectorSession {
    /// `addItem` for `AppIntent.addItem("Milk")`; the type's name for a value that is not an enum case.
    /// An enum case's name is read from its mirror, so a large payload is not described just for a title.
    nonisolated static func caseName(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum, let label = mirror.children.first?.label { return label }
        let text = String(describing: value)
        let head = text.prefix { $0 != "(" }
        guard !head.isEmpty, head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return String(describing: type(of: value))
        }
        return String(head)
    }
}
