internal import ConductorRecording
internal import ConductorStore
internal import CustomDump
internal import Foundation

/// What the session needs of a watched store, whatever its types.
@MainActor
protocol StoreHandle: AnyObject {
    var summary: StoreSummary { get }
    var intentTypeName: String { get }
    var isTraveling: Bool { get }
    func travel(to step: Int)
    func resume()
    func send(_ line: Recording.Line) throws(RecordingError)
    func testSource() -> (imports: [String], function: String)?
}

/// A watched store as the page lists it.
struct StoreSummary: Encodable, Sendable {
    let name: String
    let steps: Int
    let canExportTest: Bool
    let isTraveling: Bool
}

/// Watches one store: each intent with the state before and after it, each effect run; keeps the intents for time
/// travel.
@MainActor
final class WatchedStore<State, IntentType: Sendable, EffectType: Effect>: StoreHandle, StoreMiddleware {
    let name: String
    weak var store: Store<State, IntentType, EffectType>?
    /// Weak: a tap left on a router, manager or store after its session is gone does nothing.
    weak var session: InspectorSession?
    let initial: State
    private(set) var intents: [IntentType] = []
    private(set) var isTraveling = false
    private var effectNames: [Int: String] = [:]
    /// Effects started while the reducer runs: recorded after the intent that returned them.
    private var reducing = false
    private var startedWhileReducing: [EffectEvent<EffectType>] = []
    /// Set when the intents are `Decodable`: decodes an imported line.
    var decodeIntent: ((Recording.Line) throws(RecordingError) -> IntentType)?
    /// Set when the intents are `Encodable`: a line of the recording format.
    var encodeIntent: ((IntentType) throws(RecordingError) -> String)?
    /// Set when the store can be exported as a test.
    var test:
        (
            (_ initial: State, _ intents: [IntentType], _ replay: ([IntentType], State) -> State)
                -> (imports: [String], function: String)?
        )?

    init(name: String, store: Store<State, IntentType, EffectType>, session: InspectorSession) {
        self.name = name
        self.store = store
        self.session = session
        self.initial = store.state
    }

    var intentTypeName: String { String(reflecting: IntentType.self) }

    var summary: StoreSummary {
        StoreSummary(name: name, steps: intents.count, canExportTest: test != nil, isTraveling: isTraveling)
    }

    // MARK: Hooks

    func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        let before = state()
        reducing = true
        next(intent)
        reducing = false
        let after = state()
        intents.append(intent)
        let step = intents.count
        let encode = encodeIntent
        session?.add(
            .intent, Self.caseName(of: intent), source: name, step: step,
            record: encode.map { encode in { try? encode(intent) } }  // nil: the event is written instead
        ) {
            var fields = ["payload": String(customDumping: intent), "state": String(customDumping: after)]
            fields["diff"] = diff(before, after) ?? "(no change)"
            return fields
        }
        let started = startedWhileReducing
        startedWhileReducing.removeAll()
        for event in started { effectEvent(event) }
    }

    func effectEvent(_ event: EffectEvent<EffectType>) {
        if reducing {
            startedWhileReducing.append(event)
            return
        }
        switch event {
        case .started(let run, let effect, let handler):
            let title = Self.caseName(of: effect)
            effectNames[run] = title
            session?.add(.effect, "▶ \(title)", source: name) {
                ["payload": String(customDumping: effect), "handler": handler, "run": "\(run)"]
            }
        case .finished(let run, let outcome, let duration):
            let title = effectNames.removeValue(forKey: run) ?? "effect \(run)"
            session?.add(.effect, "■ \(title)", source: name) {
                ["outcome": outcome.description, "duration": "\(duration)", "run": "\(run)"]
            }
        }
    }

    // MARK: Time travel

    func travel(to step: Int) {
        guard let store else { return }
        isTraveling = true
        store.restore(store.replay(intents.prefix(step), onto: initial))
    }

    func resume() {
        guard let store else { return }
        isTraveling = false
        store.restore(store.replay(intents, onto: initial))
    }

    // MARK: Import and export

    func send(_ line: Recording.Line) throws(RecordingError) {
        guard let decodeIntent else {
            throw .undecodable(
                line: line.number, kind: .intent, type: line.type,
                reason: "store '\(name)' was watched without Codable intents")
        }
        let intent = try decodeIntent(line)
        store?.send(intent)
    }

    func testSource() -> (imports: [String], function: String)? {
        guard let test, let store else { return nil }
        return test(initial, intents) { intents, state in store.replay(intents, onto: state) }
    }

    /// `addItem` for `AppIntent.addItem("Milk")`; the type's name for a value that is not an enum case.
    static func caseName(of value: Any) -> String {
        let text = String(describing: value)
        let head = text.prefix { $0 != "(" }
        guard !head.isEmpty, head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return String(describing: type(of: value))
        }
        return String(head)
    }
}
