extension WatchedStore {
    func appTestFrames(_ requests: [[Int]]) throws(InspectorError) -> [AppTestFrame?] {
        guard let json else { return requests.map { _ in nil } }
        guard let store else {
            throw InspectorError(.cannotExportTest, "Store '\(name)' is gone: its states can no longer be computed.")
        }
        // The state at a step, replayed from the last one asked: the requests come in order, so the whole session is
        // replayed once rather than once per command.
        var cursor = (step: baseStep, state: base)
        func state(at step: Int) -> State {
            if step < cursor.step { cursor = (baseStep, base) }
            cursor.state = store.replayed(intents[(cursor.step - baseStep)..<(step - baseStep)], onto: cursor.state)
            cursor.step = step
            return cursor.state
        }
        var frames: [AppTestFrame?] = []
        frames.reserveCapacity(requests.count)
        for steps in requests {
            guard let first = steps.min(), let last = steps.max() else {
                frames.append(nil)
                continue
            }
            guard first > baseStep, last <= baseStep + intents.count else {
                throw InspectorError(
                    .cannotExportTest,
                    "Store '\(name)' folded step \(first) into its base state (it keeps \(maximumKeptIntents) "
                        + "intents): export sooner, or raise the limit.")
            }
            do {
                frames.append(
                    AppTestFrame(
                        intents: try steps.map { step in try json.intent(intents[step - baseStep - 1]) },
                        before: try json.state(state(at: first - 1)),
                        after: try json.state(state(at: last))))
            } catch {
                throw InspectorError(
                    .cannotExportTest, "Store '\(name)' cannot be exported as an app test: \(error).")
            }
        }
        return frames
    }

    func initialStateJSON() throws(InspectorError) -> String? {
        guard let json else { return nil }
        guard baseStep == 0 else {
            throw InspectorError(
                .cannotExportTest,
                "Store '\(name)' folded its first intents into its base state: the session's start is gone.")
        }
        do { return try json.state(base) } catch {
            throw InspectorError(.cannotExportTest, "Store '\(name)' state does not encode as JSON: \(error).")
        }
    }

    func testSource() throws(InspectorError) -> (imports: [String], function: String)? {
        guard let test, let store else { return nil }
        return try test(base, intents) { intents, state in store.replayed(intents, onto: state) }
    }
}
