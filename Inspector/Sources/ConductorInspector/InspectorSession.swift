internal import ConductorCoordinators
package import ConductorRecording
internal import CustomDump
package import Foundation
internal import Observation
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
        let sequence: Int
        let time: Double
        let kind: InspectorEvent.Kind
        let title: String
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

    private var ring: [Entry] = []
    private var ringStart = 0
    private var nextSequence = 1
    /// The number of the latest causal trace (``Cause``).
    var nextTrace = 0
    /// Where causal traces go as spans, each cause a span and each event under it a child span: the tracer
    /// bootstrapped in `InstrumentationSystem` (none, by default), or one of your own.
    public var tracer: any Tracer = InstrumentationSystem.tracer
    private let started = ContinuousClock.now
    /// How many events left the ring because it was full.
    package private(set) var evictedCount = 0
    /// How many events were dropped on their way to a page that was too slow.
    package private(set) var droppedForClients = 0

    /// A connected page: its stream, and what waits for its first message while that is being encoded.
    private struct Subscriber {
        let continuation: AsyncStream<String>.Continuation
        /// Messages made while the page's `hello` was being encoded, sent right after it; `nil` once it was sent.
        var waiting: [String]?
    }

    private var subscribers: [Int: Subscriber] = [:]
    private var nextSubscriber = 0
    var stores: [String: any StoreHandle] = [:]
    /// Undo each `watch`: remove the taps from the watched objects.
    var detachers: [() -> Void] = []
    var navigation = NavigationWatcher()
    private var lastNavigation: (tree: CoordinatorNode?, stacks: [StackNode], restorable: NavigationTree?)?
    /// Whether the watched stacks are tracked (Observation) for a change not yet seen.
    var isTrackingStacks = false
    /// Whether ``publishNavigationSoon()`` has a turn scheduled.
    private var isNavigationPublishScheduled = false
    /// Whether time travel shows the past of the navigation and the stores (not an imported step alone): the
    /// navigation it restores is not recorded.
    private(set) var isTravelingInTime = false
    /// The traces whose intents a travelling store held: their work happened after resume, apart from them.
    var tracesWithHeldIntents: Set<Int> = []
    /// Whether time travel is moving the stores or the tree, there or back: what the app sends in reaction is
    /// dropped, neither processed nor held (``dropReaction(store:)``).
    private(set) var isMovingInTime = false
    /// The reactions dropped by the move under way, by store.
    private var droppedReactions: [String: Int] = [:]
    /// The coordinator tree when time travel began, restored by ``resume()``; what capturing the watched root gives
    /// meanwhile (`BaseCoordinator.liveTreeWhileShowingThePast`).
    private var liveNavigation: (tree: NavigationTree, report: RestorationReport)?
    /// The root time travel shows the past of: the one watched when it began, restored by ``resume()``.
    private weak var travelRoot: BaseCoordinator?

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
        _ title: String,
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
            sequence: nextSequence, time: seconds(since: started), kind: kind, title: title, source: source,
            step: step, target: target, render: render, details: details, record: record)
        if let cause = Cause.current {
            entry.cause = cause
            trace(kind, title, source: source, under: cause)
        }
        entry.duringTravel = duringTravel ?? isTravelingInTime
        nextSequence += 1
        append(entry)
        if !subscribers.isEmpty { publishNewest() }
        publishNavigationIfChanged()
    }

    private func append(_ entry: Entry) {
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
    private func entry(at index: Int) -> Entry { ring[(ringStart + index) % ring.count] }

    /// How many entries are older than `sequence`: the index of the first whose sequence is `sequence` or more.
    private func firstIndex(atOrAfter sequence: Int) -> Int {
        var low = 0
        var high = ring.count
        while low < high {
            let middle = (low + high) / 2
            if entry(at: middle).sequence < sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func index(ofSequence sequence: Int) -> Int? {
        let position = firstIndex(atOrAfter: sequence)
        return position < ring.count && entry(at: position).sequence == sequence ? position : nil
    }

    /// The event at `index`, counting from the oldest, as pages are sent it (``Entry/shown``).
    private func shownEvent(at index: Int) -> InspectorEvent {
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

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// A value's custom dump, cut to 200 characters: what a page is sent before it asks for the details.
    nonisolated static func preview(_ value: Any) -> String { cut(String(customDumping: value)) }

    /// `text` cut to `limit` characters, with `…` when it was longer.
    nonisolated static func cut(_ text: String, limit: Int = 200) -> String {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end != text.endIndex
        else { return text }
        return String(text[..<end]) + "…"
    }

    // MARK: Navigation

    /// Records the navigation on the main actor's next turn, once the work under way — an intent and its event —
    /// is over; several calls meanwhile record once.
    func publishNavigationSoon() {
        guard !isNavigationPublishScheduled else { return }
        isNavigationPublishScheduled = true
        Task { [weak self] in
            self?.isNavigationPublishScheduled = false
            self?.publishNavigationIfChanged()
        }
    }

    /// Records the coordinator tree and the stacks now, when they differ from the last recorded. While time travel
    /// shows the past, the navigation it restores is not the app's history and is not recorded.
    func publishNavigationIfChanged() {
        guard navigation.isWatching, !isTravelingInTime else { return }
        let tree = navigation.tree()
        let stacks: [StackNode]
        if isTrackingStacks {
            stacks = navigation.stacks()
        } else {
            // Reading the stacks tracks them (routers and tab containers are `@Observable`): a push, a pop or a tab
            // selected with no other event is recorded on the next turn. One tracking at a time: it fires once, and
            // the next reading arms it again.
            isTrackingStacks = true
            stacks = withObservationTracking {
                navigation.stacks()
            } onChange: { [weak self] in
                Task { @MainActor in
                    self?.isTrackingStacks = false
                    self?.publishNavigationIfChanged()
                }
            }
        }
        // The places too: a pop inside a flow whose router is not watched changes only the flow's place.
        let restorable = navigation.restorableTreeOnly()
        if let last = lastNavigation, last.tree == tree, last.stacks == stacks, last.restorable == restorable {
            return
        }
        lastNavigation = (tree, stacks, restorable)
        var entry = Entry(
            sequence: nextSequence, time: seconds(since: started), kind: .navigation,
            title: navigation.visiblePath(tree), source: "navigation", step: nil, target: nil, render: { [:] },
            details: nil, record: nil)
        entry.tree = tree
        entry.stacks = stacks
        entry.navigation = restorable
        if let cause = Cause.current {
            entry.cause = cause
            trace(.navigation, entry.title, source: "navigation", under: cause)
        }
        nextSequence += 1
        append(entry)
        if !subscribers.isEmpty { publishNewest() }
    }

    // MARK: Pages

    /// A stream of JSON messages for one page: a `hello` with the newest ``pageWindow`` events (without their
    /// details) and the stores, then each new event. At most ``InspectorConfiguration/clientBuffer`` messages wait;
    /// older ones are dropped and counted. The `hello` is encoded off the main actor; the events recorded meanwhile
    /// follow it, in order.
    func subscribe() -> (id: Int, stream: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: String.self, bufferingPolicy: .bufferingNewest(configuration.clientBuffer))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = Subscriber(continuation: continuation, waiting: [])
        continuation.onTermination = { [weak self] _ in Task { @MainActor in self?.subscribers[id] = nil } }
        let hello = helloMessage()
        Task { [weak self] in
            let text = await Task.detached { InspectorSession.json(hello) }.value
            self?.sendHello(text, to: id)
        }
        lastNavigation = nil
        publishNavigationIfChanged()
        return (id, stream)
    }

    /// Connects a page of your own — a log file, a test, another transport — to the session: it receives what the
    /// WebSocket page receives, a `hello` JSON message with the newest ``pageWindow`` events and then one message per
    /// event, with the same bound (`InspectorConfiguration.clientBuffer`; older waiting messages are dropped and
    /// counted), and can ask what the page asks with ``InspectorPage/send(_:)``.
    public func connect() -> InspectorPage {
        let (id, stream) = subscribe()
        return InspectorPage(id: id, messages: stream, session: self)
    }

    /// How many pages are connected.
    package var pageCount: Int { subscribers.count }

    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.continuation.finish()
        if upload?.page == id { upload = nil }  // a page that goes away takes its unfinished import with it
    }

    /// Stops watching: returns every travelling store to its live state (processing the intents it held), removes
    /// every tap from the routers, command managers, stores and coordinators it was given, and ends every page's
    /// stream. The watched objects work as if the session had never been there.
    public func detach() {
        resume()
        for detach in detachers { detach() }
        detachers.removeAll()
        finishPages()
    }

    /// Ends every page's stream.
    func finishPages() {
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers.removeAll()
    }

    private func helloMessage() -> PageMessage {
        let count = min(max(pageWindow, 0), ring.count)
        let start = ring.count - count
        return .hello(
            events: (start..<ring.count).map(shownEvent(at:)), earlier: start,
            evicted: evictedCount, dropped: droppedForClients,
            stores: stores.values.map(\.summary).sorted { $0.name < $1.name })
    }

    private func sendHello(_ text: String, to id: Int) {
        guard let subscriber = subscribers[id], let waiting = subscriber.waiting else { return }
        subscribers[id]?.waiting = nil
        deliver(text, through: subscriber.continuation)
        for message in waiting { deliver(message, through: subscriber.continuation) }
    }

    private func deliver(_ message: String, through continuation: AsyncStream<String>.Continuation) {
        if case .dropped = continuation.yield(message) { droppedForClients += 1 }
    }

    /// Sends a message to one page: now, or right after its `hello` while that is being encoded — keeping room for
    /// the `hello` in the page's buffer, so a page always starts with it.
    private func send(_ message: String, to id: Int) {
        guard let continuation = subscribers[id]?.continuation else { return }
        guard let waiting = subscribers[id]?.waiting?.count else { return deliver(message, through: continuation) }
        let room = configuration.clientBuffer - 1
        guard room > 0 else {
            droppedForClients += 1
            return
        }
        if waiting >= room {
            subscribers[id]?.waiting?.removeFirst()
            droppedForClients += 1
        }
        subscribers[id]?.waiting?.append(message)
    }

    /// Sends a message, encoded off the main actor, to one page.
    private func sendEncoded(_ message: PageMessage, to id: Int) {
        Task { [weak self] in
            let text = await Task.detached { InspectorSession.json(message) }.value
            self?.send(text, to: id)
        }
    }

    /// Sends the newest event to every page.
    private func publishNewest() {
        let message = Self.json(PageMessage.event(shownEvent(at: ring.count - 1), dropped: droppedForClients))
        for id in Array(subscribers.keys) { send(message, to: id) }
    }

    /// Tells the pages something about the inspector itself.
    func notice(_ text: String, fields: [String: String] = [:]) {
        add(.inspector, text, source: "inspector") { fields }
    }

    /// Handles a request from page `page`, decoded off the main actor: `{"type": "travel", "sequence": 12}`,
    /// `{"type": "resume"}`, `{"type": "details", "sequence": 12}` (answered with the event in full),
    /// `{"type": "history", "before": 40}` (answered with up to ``pageWindow`` older events),
    /// `{"type": "importBegin"}` and `{"type": "importEnd"}` around a recording sent in chunks (see
    /// ``receive(chunk:from:)``), or `{"type": "import", "recording": "…"}` for a recording small enough for one
    /// message. What cannot be done is told back as an inspector event.
    func handle(request text: String, from page: Int) async {
        let decoded = await Task.detached { PageRequest.decode(text) }.value
        guard let request = decoded else {
            return notice("ignored a page message that is not a request (a JSON object with a \"type\")")
        }
        switch request.type {
        case "travel":
            do { try travel(to: request.sequence ?? -1) } catch { notice(error.message) }
        case "resume":
            resume()
        case "details":
            let sequence = request.sequence ?? -1
            sendEncoded(.details(sequence: sequence, event: event(sequence: sequence)), to: page)
        case "history":
            sendHistory(before: request.before ?? Int.max, to: page)
        case "import":
            do { try await importRecording(request.recording ?? Data()) } catch {
                notice("import failed: \(error)")
            }
        case "importBegin":
            if let upload, upload.page != page, subscribers[upload.page] != nil {
                return notice("import refused: another page is sending one; import again once it is viewed")
            }
            upload = Upload(page: page)
        case "importEnd":
            guard let finished = upload, finished.page == page else {
                return notice("ignored the end of an import that was not begun (send importBegin first)")
            }
            upload = nil
            do { try await importRecording(finished.bytes) } catch { notice("import failed: \(error)") }
        default:
            notice("ignored an unknown page request '\(Self.cut(request.type, limit: 40))'")
        }
    }

    /// A recording a page is sending in chunks, between its `importBegin` and `importEnd` requests.
    private struct Upload {
        let page: Int
        var bytes = Data()
    }

    /// The one import being sent in chunks; `nil` when none is.
    private var upload: Upload?

    /// Takes the next chunk of the recording page `page` is sending — the bytes of a JSON-lines file, cut anywhere —
    /// after its `{"type": "importBegin"}` request; its `{"type": "importEnd"}` request imports the whole as
    /// ``importRecording(_:)-(Data)`` does, off the main actor. Chunks only append bytes here, so the app keeps
    /// answering while a large recording arrives; past ``maximumImportBytes`` the import is dropped at once and the
    /// pages are told. One page sends an import at a time.
    func receive(chunk: Data, from page: Int) {
        guard var current = upload, current.page == page else {
            return notice("ignored a chunk of an import that was not begun (send importBegin first)")
        }
        upload = nil  // appends to the only copy of the bytes
        guard current.bytes.count + chunk.count <= maximumImportBytes else {
            return notice(
                "import failed: the recording is over \(maximumImportBytes) bytes, the most an import reads; "
                    + "nothing of it was imported")
        }
        current.bytes.append(chunk)
        upload = current
    }

    private func sendHistory(before sequence: Int, to page: Int) {
        let end = firstIndex(atOrAfter: sequence)
        let start = max(0, end - max(pageWindow, 0))
        let events = (start..<end).map(shownEvent(at:))
        sendEncoded(.history(before: sequence, events: events, earlier: start), to: page)
    }

    /// JSON for a page, with sorted keys.
    nonisolated static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
            // Page messages are strings, numbers and arrays of them: encoding does not fail.
            return #"{"type":"error","message":"the inspector could not encode a message"}"#
        }
    }

    // MARK: Time travel

    /// Shows the app as it was right after event `sequence`: each watched store's state then — replayed through its
    /// reducer from the state it had when watched — and the watched coordinator tree's stacks, tabs and presented
    /// flows then (`NavigationTree`), and the app's screens follow. An imported intent shows its store's imported
    /// state, the rest as they are. Until ``resume()``, the intents sent to travelling stores are held, not
    /// processed: no reducer runs on the state shown, and no effect starts. What the app sends in reaction to the
    /// move itself — a subscriber of the state shown, a flow the tree starts — is dropped, and counted in the notice.
    /// - Throws: ``InspectorError/Code/cannotTravel`` when the event has left the ring, belongs to an import a later
    ///   one replaced, or is older than what a store keeps.
    package func travel(to sequence: Int) throws(InspectorError) {
        // The live navigation is recorded before the first step back (which may move the ring), and kept for
        // `resume()`.
        if !isTravelingInTime { publishNavigationIfChanged() }
        guard let index = index(ofSequence: sequence) else {
            throw InspectorError(
                .cannotTravel,
                "Event \(sequence) is not in the inspector's ring any more; travel to a later event.")
        }
        let found = entry(at: index)
        if let target = found.target, target.isImported, let step = found.step, let store = stores[found.source] {
            let show = try store.prepareTravel(to: target)
            moving { show() }
            return notice(
                "time travel: \(found.source) after imported step \(step) (\(found.title))", fields: reactionsDropped())
        }
        guard !stores.isEmpty || navigation.isWatching else {
            throw InspectorError(
                .cannotTravel, "Nothing is watched: watch a store or a coordinator tree to travel in time.")
        }
        // Everything is worked out before anything moves: a store that cannot show its step leaves the app live and
        // untouched, and what moving sets off — flows a restored state starts, links offered, notices — cannot shift
        // the ring positions read here.
        var moves: [(name: String, step: Int, show: @MainActor () -> Void)] = []
        for name in stores.keys.sorted() {
            // A store that was released has nothing to show; travel leaves it out.
            guard let store = stores[name], !store.isGone, let step = liveStep(of: name, after: index) else { continue }
            moves.append((name, step, try store.prepareTravel(to: .live(step: step))))
        }
        let live = isTravelingInTime ? liveNavigation : navigation.restorableTree()
        let tree = navigationTree(after: index, live: live?.tree)
        if !isTravelingInTime {
            isTravelingInTime = true
            liveNavigation = live
            travelRoot = navigation.root
            travelRoot?.liveTreeWhileShowingThePast = { [weak self] in self?.liveNavigation }
        }
        // Every store holds before any shows the past; what the app sends in reaction to the past is dropped.
        for move in moves { stores[move.name]?.holdLive() }
        var fields: [String: String] = [:]
        moving {
            for move in moves { move.show() }
            if let tree, let root = travelRoot {
                let report = tree.restore(into: root)
                if !report.losses.isEmpty {
                    fields["navigation not restored"] = report.losses.map(\.description).joined(separator: "; ")
                }
            }
        }
        fields.merge(reactionsDropped()) { first, _ in first }
        if !moves.isEmpty { fields["stores"] = moves.map { "\($0.name) step \($0.step)" }.joined(separator: ", ") }
        notice("time travel: after \(found.kind.rawValue) \(sequence) (\(found.title))", fields: fields)
    }

    /// The step of store `name` right after the event at ring `index`: the step of its latest live intent up to
    /// there: the one before its first live intent after, or its latest when it has none after. Every watched store
    /// travels, so that each holds what is sent to it until ``resume()``.
    private func liveStep(of name: String, after index: Int) -> Int? {
        for later in (index + 1)..<ring.count {
            let entry = entry(at: later)
            if entry.kind == .intent, entry.source == name, let target = entry.target, !target.isImported,
                let step = entry.step
            {
                return step - 1
            }
        }
        return stores[name]?.latestStep
    }

    /// The kinds of event that cause navigation, whose taps record the navigation before they begin.
    static let causes: Set<InspectorEvent.Kind> = [.intent, .command, .action, .deepLink]

    /// The navigation right after the event at ring `index`: a navigation event's own; otherwise the last
    /// navigation recorded after it and before the next event that causes navigation (what this one caused), or
    /// else the last before it, or else `live` when nothing was recorded since.
    private func navigationTree(after index: Int, live: NavigationTree?) -> NavigationTree? {
        let found = entry(at: index)
        if found.kind == .navigation { return found.navigation }
        var caused: NavigationTree?
        var later = index + 1
        while later < ring.count, !Self.causes.contains(entry(at: later).kind) {
            if entry(at: later).kind == .navigation { caused = entry(at: later).navigation }
            later += 1
        }
        if let caused { return caused }
        var earlier = index
        while earlier >= 0 {
            if entry(at: earlier).kind == .navigation { return entry(at: earlier).navigation }
            earlier -= 1
        }
        // No navigation was recorded up to the event: the tree has not changed since, unless it changed later.
        let changedLater = (index + 1..<ring.count).contains { entry(at: $0).kind == .navigation }
        return changedLater ? nil : live
    }

    /// Returns every store that time travel moved to its live state — the state it had when travel began — and the
    /// coordinator tree to where it was (what the app sends in reaction is dropped), then processes, in order, the
    /// intents each store held meanwhile, and only then offers the live tree to what waited for it (kept links).
    /// - Parameter reason: Why, when the inspector resumed on its own; said in the notice.
    package func resume(reason: String? = nil) {
        let traveling = stores.keys.sorted().compactMap { name in stores[name].flatMap { $0.isTraveling ? $0 : nil } }
        let moved = isTravelingInTime || !traveling.isEmpty
        var fields: [String: String] = [:]
        if let reason { fields["reason"] = reason }
        // The stores and the tree go back as they were, with travel still on: what the app sends in reaction is
        // dropped (the live state had its reactions when it was live), and kept links wait until the tree is whole.
        let root = travelRoot
        moving {
            for store in traveling { store.restoreLive() }
            if let live = liveNavigation, let root {
                let report = live.tree.restore(into: root)
                if !report.losses.isEmpty {
                    fields["navigation not restored"] = report.losses.map(\.description).joined(separator: "; ")
                }
            }
        }
        fields.merge(reactionsDropped()) { first, _ in first }
        let wasShowingThePast = isTravelingInTime
        isTravelingInTime = false
        liveNavigation = nil
        root?.liveTreeWhileShowingThePast = nil
        travelRoot = nil
        // Then what the user sent meanwhile, in order, and only then what waited for the live tree (kept links).
        var processed = 0
        for store in traveling { processed += store.processHeld() }
        if processed > 0 { fields["held intents processed"] = "\(processed)" }
        if wasShowingThePast { root?.activePathDidChange() }
        if moved { notice("resumed live", fields: fields) }
    }

    /// Runs `body` — time travel moving the stores or the tree — with the app's reactions dropped.
    private func moving(_ body: () -> Void) {
        isMovingInTime = true
        defer { isMovingInTime = false }
        body()
    }

    /// Drops an intent the app sent in reaction to a move of time travel, and counts it for the move's notice.
    func dropReaction(store: String) {
        droppedReactions[store, default: 0] += 1
    }

    /// The notice's field for the reactions the last move dropped, and a fresh count.
    private func reactionsDropped() -> [String: String] {
        defer { droppedReactions.removeAll() }
        guard !droppedReactions.isEmpty else { return [:] }
        let text = droppedReactions.keys.sorted().map { "\(droppedReactions[$0] ?? 0) to \($0)" }
        return ["intents the app sent in reaction, dropped": text.joined(separator: ", ")]
    }

    /// Whether time travel is under way: a watched store shows a past or imported state, or the navigation a past
    /// one.
    package var isTraveling: Bool { isTravelingInTime || stores.values.contains(where: \.isTraveling) }

    /// How many intents travelling stores hold for ``resume()``.
    package var heldIntentCount: Int { stores.values.reduce(0) { $0 + $1.heldCount } }

    // MARK: Export

    /// The session as JSON lines in Conductor's recording format: actions, commands and intents as their
    /// recorders write them (when their values are `Codable`), every other event as a record of its kind whose
    /// payload is the event. Imported intents are written as `importedIntent` records, so importing the export again
    /// does not take them for intents of this session.
    public func exportRecording() -> String {
        var text = ""
        for entry in entries {
            let isImported = entry.target?.isImported == true
            var line = isImported ? nil : entry.record?()  // nil when it does not encode: the event is written below
            if line == nil {
                let kind = RecordKind(rawValue: isImported ? "importedIntent" : entry.kind.rawValue)
                do {
                    line = try Recording.line(
                        kind: kind, type: entry.title, payload: event(for: entry, full: !isImported))
                } catch {
                    line = nil
                }
            }
            if let line { text += line + "\n" }
        }
        return text
    }

    /// A Swift Testing test that replays each watched store's session with `TestStore` and asserts every state
    /// change — for stores watched with a ``TestExport`` and `Codable` state and intents. The app's data is written
    /// only as escaped string literals (see ``TestExport``): nothing of it is compiled as code.
    /// - Throws: ``InspectorError/Code/cannotExportTest`` when no watched store can be exported, or one that should
    ///   be cannot (a state that does not encode, a name that is not an identifier).
    public func exportTest() throws(InspectorError) -> String {
        var sources: [(imports: [String], function: String)] = []
        for name in stores.keys.sorted() {
            guard let source = try stores[name]?.testSource() else { continue }
            sources.append(source)
        }
        guard !sources.isEmpty else {
            throw InspectorError(
                .cannotExportTest,
                "No watched store can be exported as a test: watch a store whose state is Codable and Equatable and "
                    + "whose intents are Codable, with a TestExport that names its module and reducer.")
        }
        return TestExport.file(sources)
    }

    // MARK: Import

    /// Imports a recording to be viewed: reads it off the main actor, and adds each intent of a watched store (one
    /// watched with `Codable` intents) that passes the store's ``ImportPolicy/validate`` to the timeline, a few
    /// hundred at a time so the app keeps answering. Time travel to one shows the state it leads to, computed by the
    /// store's reducer on a copy of the state the store had at the import — its effects ignored, the live store
    /// holding every intent meanwhile. Only the intents the store's ``ImportPolicy/sendsLive`` allows are sent to the
    /// live store, where they run as any other; by default none is.
    ///
    /// Records that are not intents (actions, commands, the inspector's own events) are counted in
    /// ``ImportReport/ignored``. A line that is not a record, not valid UTF-8, names no watched store's intent type,
    /// does not decode, or is refused by validation is left out and reported in ``ImportReport/skipped`` — never a
    /// crash. Intents go to the first watched store, by name, whose intent type the line names.
    /// - Throws: `RecordingError.unreadable` for a recording larger than ``maximumImportBytes`` or with more lines
    ///   than ``maximumImportLines``: nothing of it is imported.
    @discardableResult
    package func importRecording(_ data: Data) async throws(RecordingError) -> ImportReport {
        let decoders = importDecoders()
        let (bytes, lines) = (maximumImportBytes, maximumImportLines)
        let result = await Task.detached {
            ImportReader.read(data, decoders: decoders, maximumBytes: bytes, maximumLines: lines)
        }.value
        let read: ImportReader.Read
        switch result {
        case .success(let value): read = value
        case .failure(let error): throw error
        }
        // A batch at a time, letting the app's own work run between them: the app's validation, then the events.
        var plans: [(store: any StoreHandle, batch: Int)] = []
        var refused: [RecordingError] = []
        for name in read.intents.keys.sorted() {
            guard let store = stores[name], let intents = read.intents[name] else { continue }
            let batch = store.beginImport()
            plans.append((store: store, batch: batch))
            for start in stride(from: 0, to: intents.count, by: Self.importBatch) {
                let end = min(start + Self.importBatch, intents.count)
                guard let refusals = store.acceptImported(intents[start..<end], batch: batch) else { break }
                refused += refusals
                await Task.yield()
            }
        }
        var counts = ImportCounts()
        for plan in plans {
            var step = 1
            while let count = plan.store.importedCount(batch: plan.batch), step <= count,
                let live = plan.store.publishImported(batch: plan.batch, step: step)
            {
                counts.add(plan.store.name, sentLive: live)
                step += 1
                if counts.total % Self.importBatch == 0 { await Task.yield() }
            }
        }
        return reportImport(read, refused: refused, counts: counts)
    }

    /// Imports a recording to be viewed, as ``importRecording(_:)-(Data)`` does, all at once on the main actor: for
    /// small recordings and tests.
    /// - Throws: `RecordingError.unreadable` for a recording larger than ``maximumImportBytes`` or with more lines
    ///   than ``maximumImportLines``.
    @discardableResult
    package func importRecording(_ recording: String) throws(RecordingError) -> ImportReport {
        let result = ImportReader.read(
            Data(recording.utf8), decoders: importDecoders(), maximumBytes: maximumImportBytes,
            maximumLines: maximumImportLines)
        let read: ImportReader.Read
        switch result {
        case .success(let value): read = value
        case .failure(let error): throw error
        }
        var refused: [RecordingError] = []
        var counts = ImportCounts()
        for name in read.intents.keys.sorted() {
            guard let store = stores[name], let intents = read.intents[name] else { continue }
            let batch = store.beginImport()
            refused += store.acceptImported(intents[...], batch: batch) ?? []
            var step = 1
            while let count = store.importedCount(batch: batch), step <= count,
                let live = store.publishImported(batch: batch, step: step)
            {
                counts.add(name, sentLive: live)
                step += 1
            }
        }
        return reportImport(read, refused: refused, counts: counts)
    }

    /// How many intents an import validates, or adds to the timeline, before it lets the app's own work run.
    private static let importBatch = 256

    /// How an import went so far, by store.
    private struct ImportCounts {
        var byStore: [String: Int] = [:]
        var total = 0
        var sentLive = 0

        mutating func add(_ store: String, sentLive live: Bool) {
            byStore[store, default: 0] += 1
            total += 1
            if live { sentLive += 1 }
        }
    }

    /// Each watched store with `Decodable` intents, by intent type's name; the first by store name wins a type.
    private func importDecoders() -> ImportReader.Decoders {
        var decoders: ImportReader.Decoders = [:]
        for name in stores.keys.sorted() {
            guard let store = stores[name], let decode = store.importDecoder, decoders[store.intentTypeName] == nil
            else { continue }
            decoders[store.intentTypeName] = (store: name, decode: decode)
        }
        return decoders
    }

    private func reportImport(_ read: ImportReader.Read, refused: [RecordingError], counts: ImportCounts)
        -> ImportReport
    {
        let skipped = (read.skipped + refused).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        var fields = ["sent to the live store": "\(counts.sentLive)", "not intents": "\(read.ignored)"]
        for (store, count) in counts.byStore { fields["store \(store)"] = "\(count) intent(s) to view" }
        var title = "imported \(counts.total) intent(s) to view"
        if counts.sentLive > 0 { title += ", \(counts.sentLive) sent live" }
        if !skipped.isEmpty {
            title += ", \(skipped.count) line(s) left out"
            let reasons: [String] = skipped.prefix(5).map { Self.cut($0.description) }
            fields["left out"] = reasons.joined(separator: "; ") + (skipped.count > 5 ? "; …" : "")
        }
        notice(title, fields: fields)
        return ImportReport(imported: counts.total, sentLive: counts.sentLive, ignored: read.ignored, skipped: skipped)
    }
}

/// What an import did (``InspectorSession/importRecording(_:)-(Data)``).
package struct ImportReport: Sendable, Equatable {
    /// How many intents were imported to be viewed: each is an event of the timeline that time travel can show.
    package let imported: Int
    /// How many of them were also sent to the live store, because its ``ImportPolicy/sendsLive`` allows them.
    package let sentLive: Int
    /// How many records were not intents — actions, commands, the inspector's own events — and were left as they
    /// are: they tell what the app did, not what it can replay.
    package let ignored: Int
    /// The lines left out, in order: not a record or not UTF-8 (`malformedLine`, `invalidUTF8`), no watched store's
    /// intent type (`unknownType`), not decodable (`undecodable`), or refused by the store's validation
    /// (`replayFailed`, whose reason is the validation's error).
    package let skipped: [RecordingError]

    /// A report.
    package init(imported: Int, sentLive: Int, ignored: Int, skipped: [RecordingError]) {
        self.imported = imported
        self.sentLive = sentLive
        self.ignored = ignored
        self.skipped = skipped
    }
}

/// Reads an imported recording off the main actor: bounds, then lines, then each intent decoded as its store's type.
enum ImportReader {
    /// The watched stores' decoders, by intent type's name.
    typealias Decoders = [String: (store: String, decode: ImportDecoder)]

    /// What a recording held.
    struct Read: Sendable {
        /// The decoded intents, by store name, in the recording's order.
        var intents: [String: [ImportedIntent]] = [:]
        /// The lines left out.
        var skipped: [RecordingError] = []
        /// How many records were not intents.
        var ignored = 0
    }

    static func read(_ data: Data, decoders: Decoders, maximumBytes: Int, maximumLines: Int)
        -> Result<Read, RecordingError>
    {
        let name = "(imported recording)"
        guard data.count <= maximumBytes else {
            let reason = "it is \(data.count) bytes, and an import reads at most \(maximumBytes)"
            return .failure(.unreadable(path: name, reason: reason))
        }
        var newlines = 0
        for byte in data where byte == UInt8(ascii: "\n") { newlines += 1 }
        guard newlines <= maximumLines else {
            return .failure(
                .unreadable(path: name, reason: "it has more than \(maximumLines) lines, the most an import reads"))
        }
        var read = Read()
        let lines: [Recording.Line]
        do throws(RecordingError) {
            let result = try Recording.lines(in: data, mode: .skipInvalidLines)
            lines = result.lines
            read.skipped = result.skipped
        } catch {
            return .failure(error)
        }
        let known = decoders.keys.sorted()
        for line in lines {
            guard line.kind == .intent else {
                read.ignored += 1
                continue
            }
            guard let decoder = decoders[line.type] else {
                read.skipped.append(.unknownType(line: line.number, kind: .intent, type: line.type, known: known))
                continue
            }
            do throws(RecordingError) {
                let value = try decoder.decode(line)
                read.intents[decoder.store, default: []].append(
                    ImportedIntent(line: line.number, type: line.type, value: value))
            } catch {
                read.skipped.append(error)
            }
        }
        return .success(read)
    }
}

/// A message to a page. Encoded off the main actor when it is large.
enum PageMessage: Encodable, Sendable {
    /// The first message: the newest events, how many older ones the ring still has, the counts, the stores.
    case hello(events: [InspectorEvent], earlier: Int, evicted: Int, dropped: Int, stores: [StoreSummary])
    /// A new event, without its details.
    case event(InspectorEvent, dropped: Int)
    /// An event in full, as asked for; `nil` when it has left the ring.
    case details(sequence: Int, event: InspectorEvent?)
    /// Older events, as asked for: those before `before`, and how many older still the ring has.
    case history(before: Int, events: [InspectorEvent], earlier: Int)

    enum CodingKeys: String, CodingKey { case type, events, earlier, evicted, dropped, stores, event, sequence, before }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .hello(let events, let earlier, let evicted, let dropped, let stores):
            try container.encode("hello", forKey: .type)
            try container.encode(events, forKey: .events)
            try container.encode(earlier, forKey: .earlier)
            try container.encode(evicted, forKey: .evicted)
            try container.encode(dropped, forKey: .dropped)
            try container.encode(stores, forKey: .stores)
        case .event(let event, let dropped):
            try container.encode("event", forKey: .type)
            try container.encode(event, forKey: .event)
            try container.encode(dropped, forKey: .dropped)
        case .details(let sequence, let event):
            try container.encode("details", forKey: .type)
            try container.encode(sequence, forKey: .sequence)
            try container.encodeIfPresent(event, forKey: .event)
        case .history(let before, let events, let earlier):
            try container.encode("history", forKey: .type)
            try container.encode(min(before, Int(Int32.max)), forKey: .before)
            try container.encode(events, forKey: .events)
            try container.encode(earlier, forKey: .earlier)
        }
    }
}

/// A request from a page, decoded off the main actor (an import's can be large).
struct PageRequest: Sendable {
    let type: String
    let sequence: Int?
    let before: Int?
    let recording: Data?

    private struct Wire: Decodable {
        let type: String
        let sequence: Int?
        let before: Int?
        let recording: String?
    }

    /// The request, or `nil` when `text` is not a JSON object with a string `type`.
    static func decode(_ text: String) -> PageRequest? {
        do {
            let wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
            return PageRequest(
                type: wire.type, sequence: wire.sequence, before: wire.before,
                recording: wire.recording.map { Data($0.utf8) })
        } catch {
            return nil  // told to the pages by the caller
        }
    }
}
