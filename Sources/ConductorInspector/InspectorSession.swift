internal import ConductorCoordinators
public import ConductorRecording
internal import Foundation

/// What an ``Inspector`` has seen: a bounded ring of the latest events, the watched stores (for time travel, export
/// and import), the coordinator tree and the navigation stacks — everything but the server, so it can be used and
/// tested on its own.
///
/// Events are cheap to record: each keeps the values it is about and is turned into text (custom-dump payloads and
/// state diffs) only when a page is connected or the session is exported.
@MainActor
public final class InspectorSession {
    /// The limits and token.
    public let configuration: InspectorConfiguration

    struct Entry {
        let sequence: Int
        let time: Double
        let kind: InspectorEvent.Kind
        let title: String
        let source: String
        let step: Int?
        // Not `@MainActor` (which would make them `@Sendable` and the values they hold `Sendable`): the session is on
        // the main actor, and only it calls them.
        let render: () -> [String: String]
        /// The entry as a line of Conductor's recording format, when its value is `Codable`.
        let record: (() -> String?)?
        var tree: CoordinatorNode?
        var stacks: [StackNode]?
    }

    private var ring: [Entry] = []
    private var ringStart = 0
    private var nextSequence = 1
    private let started = ContinuousClock.now
    /// How many events left the ring because it was full.
    public private(set) var evictedCount = 0
    /// How many events were dropped on their way to a page that was too slow.
    public private(set) var droppedForClients = 0

    private var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextSubscriber = 0
    var stores: [String: any StoreHandle] = [:]
    /// Undo each `watch`: remove the taps from the watched objects.
    var detachers: [() -> Void] = []
    var navigation = NavigationWatcher()
    private var lastNavigation: (CoordinatorNode?, [StackNode])?

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

    /// Records an event. `render` runs only when the event is shown or exported.
    func add(
        _ kind: InspectorEvent.Kind,
        _ title: String,
        source: String,
        step: Int? = nil,
        record: (() -> String?)? = nil,
        render: @escaping () -> [String: String]
    ) {
        let entry = Entry(
            sequence: nextSequence, time: seconds(since: started), kind: kind, title: title, source: source,
            step: step, render: render, record: record)
        nextSequence += 1
        append(entry)
        guard !subscribers.isEmpty else { return }
        publish(entry)
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

    /// The events in the ring, oldest first.
    public var events: [InspectorEvent] { entries.map(event(for:)) }

    var entries: [Entry] { Array(ring[ringStart...]) + ring[..<ringStart] }

    func event(for entry: Entry) -> InspectorEvent {
        InspectorEvent(
            sequence: entry.sequence, time: entry.time, kind: entry.kind, title: entry.title, source: entry.source,
            fields: entry.render(), step: entry.step, tree: entry.tree, stacks: entry.stacks)
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    // MARK: Navigation

    /// Records the coordinator tree and the stacks now, when they differ from the last recorded.
    func publishNavigationIfChanged() {
        guard navigation.isWatching else { return }
        let tree = navigation.tree()
        let stacks = navigation.stacks()
        if let last = lastNavigation, last.0 == tree, last.1 == stacks { return }
        lastNavigation = (tree, stacks)
        var entry = Entry(
            sequence: nextSequence, time: seconds(since: started), kind: .navigation,
            title: navigation.visiblePath(tree), source: "navigation", step: nil, render: { [:] }, record: nil)
        entry.tree = tree
        entry.stacks = stacks
        nextSequence += 1
        append(entry)
        if !subscribers.isEmpty { publish(entry) }
    }

    // MARK: Pages

    /// A stream of JSON messages for one page: a `hello` with the ring's events and the stores, then each new event.
    /// At most ``InspectorConfiguration/clientBuffer`` messages wait; older ones are dropped and counted.
    func subscribe() -> (id: Int, stream: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: String.self, bufferingPolicy: .bufferingNewest(configuration.clientBuffer))
        let id = nextSubscriber
        nextSubscriber += 1
        continuation.yield(hello())
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { @MainActor in self?.subscribers[id] = nil } }
        lastNavigation = nil
        publishNavigationIfChanged()
        return (id, stream)
    }

    /// Connects a page of your own — a log file, a test, another transport — to the session: it receives what the
    /// WebSocket page receives, a `hello` JSON message with the ring's events and then one message per event, with
    /// the same bound (``InspectorConfiguration/clientBuffer``; older waiting messages are dropped and counted).
    public func connect() -> InspectorPage {
        let (id, stream) = subscribe()
        return InspectorPage(id: id, messages: stream, session: self)
    }

    /// How many pages are connected.
    public var pageCount: Int { subscribers.count }

    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Stops watching: removes every tap from the routers, command managers, stores and coordinators it was given,
    /// and ends every page's stream. The watched objects work as if the session had never been there.
    public func detach() {
        for detach in detachers { detach() }
        detachers.removeAll()
        finishPages()
    }

    /// Ends every page's stream.
    func finishPages() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    private func hello() -> String {
        Self.json(
            Message.hello(
                events: events, evicted: evictedCount, dropped: droppedForClients,
                stores: stores.values.map(\.summary).sorted { $0.name < $1.name }))
    }

    private func publish(_ entry: Entry) {
        let message = Self.json(Message.event(event(for: entry), dropped: droppedForClients))
        for continuation in subscribers.values {
            if case .dropped = continuation.yield(message) { droppedForClients += 1 }
        }
    }

    /// Tells the pages something about the inspector itself.
    func notice(_ text: String) {
        add(.inspector, text, source: "inspector") { [:] }
    }

    /// A message to a page.
    enum Message: Encodable {
        case hello(events: [InspectorEvent], evicted: Int, dropped: Int, stores: [StoreSummary])
        case event(InspectorEvent, dropped: Int)

        enum CodingKeys: String, CodingKey { case type, events, evicted, dropped, stores, event }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .hello(let events, let evicted, let dropped, let stores):
                try container.encode("hello", forKey: .type)
                try container.encode(events, forKey: .events)
                try container.encode(evicted, forKey: .evicted)
                try container.encode(dropped, forKey: .dropped)
                try container.encode(stores, forKey: .stores)
            case .event(let event, let dropped):
                try container.encode("event", forKey: .type)
                try container.encode(event, forKey: .event)
                try container.encode(dropped, forKey: .dropped)
            }
        }
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
            // Inspector messages are strings, numbers and arrays of them: encoding cannot fail.
            return #"{"type":"error","message":"\#(error)"}"#
        }
    }

    // MARK: Time travel

    /// Shows the state a watched store had after the intent of event `sequence`, by replaying its log; the app's
    /// screens follow. ``resume()`` returns to the live state.
    /// - Throws: ``InspectorError/Code/cannotTravel`` when the event is not an intent of a watched store or has left
    ///   the ring.
    public func travel(to sequence: Int) throws(InspectorError) {
        guard let entry = entries.first(where: { $0.sequence == sequence }), entry.kind == .intent,
            let step = entry.step, let store = stores[entry.source]
        else {
            throw InspectorError(
                .cannotTravel,
                "Event \(sequence) is not an intent of a watched store still in the inspector's ring; travel to an "
                    + "intent event.")
        }
        store.travel(to: step)
        notice("time travel: \(entry.source) after step \(step) (\(entry.title))")
    }

    /// Returns every store that time travel moved to its live state: the initial state with its whole log replayed.
    public func resume() {
        let moved = stores.values.filter(\.isTraveling)
        for store in moved { store.resume() }
        if !moved.isEmpty { notice("resumed live") }
    }

    /// Whether any watched store shows a past state.
    public var isTraveling: Bool { stores.values.contains(where: \.isTraveling) }

    // MARK: Export and import

    /// The session as JSON lines in Conductor's recording format: actions, commands and intents as their
    /// recorders write them (when their values are `Codable`), every other event as a record of its kind whose
    /// payload is the event.
    public func exportRecording() -> String {
        var text = ""
        for entry in entries {
            var line = entry.record?()  // nil when it does not encode: the event itself is written below
            if line == nil {
                do {
                    line = try Recording.line(
                        kind: RecordKind(rawValue: entry.kind.rawValue), type: entry.title, payload: event(for: entry))
                } catch {
                    line = nil
                }
            }
            if let line { text += line + "\n" }
        }
        return text
    }

    /// Replays the intents of a recording into the watched stores whose intent types they name (the stores must
    /// have `Codable` intents): a saved session, played again in the running app.
    /// - Returns: How many intents were sent, and which lines could not be read.
    /// - Throws: `RecordingError` for a line that is not a record.
    @discardableResult
    public func importRecording(_ recording: String) throws(RecordingError) -> ReplayReport {
        let (lines, skipped) = try Recording.lines(in: Data(recording.utf8), mode: .skipInvalidLines)
        var sent = 0
        var failures = skipped
        for line in lines where line.kind == .intent {
            guard let store = stores.values.first(where: { $0.intentTypeName == line.type }) else { continue }
            do {
                try store.send(line)
                sent += 1
            } catch {
                failures.append(error)
            }
        }
        notice("imported \(sent) intent(s)" + (failures.isEmpty ? "" : ", \(failures.count) line(s) not replayed"))
        return ReplayReport(replayed: sent, skipped: failures)
    }

    /// A Swift Testing test that replays each watched store's session with `TestStore` and asserts every state
    /// change — for stores watched with a ``TestExport`` and `Codable` state and intents.
    /// - Throws: ``InspectorError/Code/cannotExportTest`` when no watched store can be exported.
    public func exportTest() throws(InspectorError) -> String {
        let sources = stores.keys.sorted().compactMap { stores[$0]?.testSource() }
        guard !sources.isEmpty else {
            throw InspectorError(
                .cannotExportTest,
                "No watched store can be exported as a test: watch a store whose state is Codable and Equatable and "
                    + "whose intents are Codable, with a TestExport that names its module and reducer.")
        }
        return TestExport.file(sources)
    }
}
