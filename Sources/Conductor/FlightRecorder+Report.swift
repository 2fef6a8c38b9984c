public import ConductorRecording
public import Foundation

extension FlightRecorder {
    // MARK: The report

    /// The report of the steps kept: the state and the tree before the oldest, then each step with the intents it
    /// caused, the state and the tree after it — all redacted — as an `AppTestScript` that `AppTest.replay` replays.
    /// - Throws: `RecordingError` when an intent or the state does not encode (`unencodable`),
    ///   or when the store's state changed without an intent since the recorder was attached (`Store.restore`, time
    ///   travel): a replay could not reach it (`replayFailed`).
    public func report() throws(RecordingError) -> AppTestScript { try report(lastSteps: nil) }

    /// The report of the last `lastSteps` steps kept (all of them when `nil`): ``report()``, starting later.
    public func report(lastSteps: Int?) throws(RecordingError) -> AppTestScript {
        drain()
        // The steps left out move the start on, as steps leaving the ring do. Another window's links are not counted.
        var firstKept = firstStep
        if let lastSteps {
            var counted = 0
            for position in stride(from: steps.count - 1, through: firstStep, by: -1) where counted < lastSteps {
                if steps[position].kind != .link || steps[position].isConfirmed { counted += 1 }
                firstKept = position
            }
        }
        var start = startState
        var navigation = startNavigation
        var index = firstIntent
        var first = firstStep
        let entries = tap.entries
        while first < firstKept {
            fold(&start, entries[index..<(index + steps[first].intentCount)])
            index += steps[first].intentCount
            first += 1
            navigation = steps[first].navigationBefore ?? navigation
        }
        var state = start
        var scriptSteps: [AppTestScript.Step] = []
        scriptSteps.reserveCapacity(stepCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func json(_ value: some Encodable, _ what: String) throws(RecordingError) -> String {
            do { return String(decoding: redaction.json(try encoder.encode(value)), as: UTF8.self) } catch {
                throw .unencodable(kind: .intent, type: what, reason: "\(error)")
            }
        }
        let intentType = String(reflecting: IntentType.self)
        for position in first..<steps.count {
            let step = steps[position]
            var recorded: [String] = []
            var sends: [String] = []
            for offset in index..<(index + step.intentCount) {
                let encoded = try json(entries[offset].intent, intentType)
                recorded.append(encoded)
                if entries[offset].sentOnItsOwn { sends.append(encoded) }
            }
            fold(&state, entries[index..<(index + step.intentCount)])
            index += step.intentCount
            let after =
                position + 1 < steps.count
                ? steps[position + 1].navigationBefore
                : isAttached ? captureNavigation() : navigationAtDetach
            if step.kind == .link, !step.isConfirmed {
                // Another window's link: what this app did meanwhile belongs to the step before (or is a step of its
                // own, first in the report) — a replay must not open the link.
                if var previous = scriptSteps.popLast() {
                    previous.intents += recorded
                    previous.sends += sends
                    if step.intentCount > 0 { previous.state = try json(state, String(reflecting: State.self)) }
                    previous.navigation = after ?? previous.navigation
                    scriptSteps.append(previous)
                } else if step.intentCount > 0 {
                    scriptSteps.append(
                        AppTestScript.Step(
                            command: "(intents)", sends: sends, intents: recorded,
                            state: try json(state, String(reflecting: State.self)), navigation: after))
                }
                continue
            }
            scriptSteps.append(
                AppTestScript.Step(
                    command: step.name, openedLink: step.link, platform: step.platform, action: step.action,
                    sends: sends,
                    failure: step.failure, intents: recorded,
                    state: step.intentCount > 0 ? try json(state, String(reflecting: State.self)) : nil,
                    navigation: after, links: step.links))
        }
        if isAttached, let store, store.state != state {
            throw .replayFailed(
                line: 0, kind: .intent, type: intentType, replayed: stepCount,
                reason: "the store's state changed without an intent since the recorder was attached (Store.restore, "
                    + "time travel): the report's steps do not reach it. Attach a new recorder after restoring")
        }
        return AppTestScript(
            store: storeName, initialState: try json(start, String(reflecting: State.self)),
            initialNavigation: navigation, steps: scriptSteps, appVersion: appVersion)
    }

    /// ``report()`` as JSON, keys sorted: the bytes to attach to a bug report; of the last `lastSteps` steps only,
    /// when given.
    public func reportJSON(lastSteps: Int? = nil) throws(RecordingError) -> Data {
        let script = try report(lastSteps: lastSteps)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return try encoder.encode(script) } catch {
            throw .unencodable(kind: "report", type: "AppTestScript", reason: "\(error)")
        }
    }

    // MARK: The last steps, where a crash report finds them

    /// Writes the report of the last ``lastStepsCount`` steps to ``lastStepsFile``, replacing what was there: what
    /// the recorder does as each step begins while the file is set. A write that fails is kept in
    /// ``lastStepsFailure`` and logged; recording goes on.
    func writeLastSteps() {
        guard let lastStepsFile else { return }
        do {
            try reportJSON(lastSteps: lastStepsCount).write(to: lastStepsFile, options: .atomic)
            lastStepsFailure = nil
        } catch {
            let failure = RecordingError.unencodable(
                kind: "report", type: lastStepsFile.path, reason: "the last steps could not be written: \(error)")
            lastStepsFailure = failure
            Recording.log(failure)
        }
    }
}
