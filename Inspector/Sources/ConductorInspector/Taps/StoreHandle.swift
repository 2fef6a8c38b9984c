internal import ConductorRecording

/// What the session needs of a watched store, whatever its types.
@MainActor
protocol StoreHandle: AnyObject {
    var name: String { get }
    var summary: StoreSummary { get }
    var intentTypeName: String { get }
    var isTraveling: Bool { get }
    /// How many intents wait for the store to resume live.
    var heldCount: Int { get }
    /// Set when the store's intents are `Decodable`.
    var importDecoder: ImportDecoder? { get }
    /// Works out the state `target` shows, moving nothing; the closure returned shows it (the live state is kept
    /// for ``restoreLive()`` on the first move).
    func prepareTravel(to target: TravelTarget) throws(InspectorError) -> @MainActor () -> Void
    /// Whether the store was released: it has nothing to travel, and travel leaves it out.
    var isGone: Bool { get }
    /// Starts holding: keeps the live state for ``restoreLive()`` and holds the intents sent from now on. Every store
    /// holds before any shows the past, so that what one's subscribers send another is held, not processed.
    func holdLive()
    /// Back to the live state; then the held intents are processed, in order. Returns how many were.
    func resume() -> Int
    /// Back to the live state, the held intents still held: the first half of ``resume()``.
    func restoreLive()
    /// Processes the held intents, in order, once the live state is back; returns how many.
    func processHeld() -> Int
    /// The step of the latest intent the store processed live.
    var latestStep: Int { get }
    /// Starts an imported session onto the live state, replacing the one before; returns its number.
    func beginImport() -> Int
    /// Validates imported intents and adds those accepted to import `batch`; returns the refusals, or `nil` when a
    /// later import replaced that one.
    func acceptImported(_ intents: ArraySlice<ImportedIntent>, batch: Int) -> [RecordingError]?
    /// How many intents import `batch` accepted; `nil` when a later import replaced it.
    func importedCount(batch: Int) -> Int?
    /// Records step `step` of import `batch` as an event, and sends it to the live store when the store's
    /// ``ImportPolicy`` allows. `nil` when that import was replaced meanwhile.
    func publishImported(batch: Int, step: Int) -> Bool?
    /// `nil` when the store was not watched with a ``TestExport`` (or is gone).
    func testSource() throws(InspectorError) -> (imports: [String], function: String)?
    /// For an app test, per element of `requests` (the live steps of one command): the intents of those steps as
    /// JSON, and the state before the first and after the last; `nil` for a command of no step, or when the store's
    /// state and intents are not `Codable`. The states are replayed once, forward, for all the requests together.
    func appTestFrames(_ requests: [[Int]]) throws(InspectorError) -> [AppTestFrame?]
    /// The state when the store was watched, as JSON; `nil` when it is not `Codable`.
    func initialStateJSON() throws(InspectorError) -> String?
}

/// What one command did to a store, for an app test: its intents and the state before and after them, as JSON.
struct AppTestFrame {
    let intents: [String]
    let before: String
    let after: String
}

/// A watched store as the page lists it.
struct StoreSummary: Encodable, Sendable {
    let name: String
    let steps: Int
    let canExportTest: Bool
    let isTraveling: Bool
    let held: Int
    let imported: Int
}
