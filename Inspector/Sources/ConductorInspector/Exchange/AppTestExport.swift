internal import ConductorCoordinators
internal import ConductorRecording
internal import Foundation

/// Writes a session as an `AppTestScript` (ConductorRecording): the steps are the commands performed, each with the
/// intents, state, navigation and links of its causal trace.
enum AppTestExport {
    /// A value as JSON text, its keys sorted so that equal values are equal text.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension InspectorSession {
    /// The session as an app test of the first watched store (by name) whose state and intents are `Codable`: what
    /// the page's *Export app test* downloads.
    /// - Throws: ``InspectorError/Code/cannotExportTest`` when no store can be exported so, or as
    ///   ``exportAppTest(store:)``.
    package func exportAppTest() throws(InspectorError) -> String {
        for name in stores.keys.sorted() where try stores[name]?.initialStateJSON() != nil {
            return try exportAppTest(store: name)
        }
        throw InspectorError(
            .cannotExportTest,
            "No watched store can be exported as an app test: watch one with Codable state and intents.")
    }

    /// The session as a test of the whole app (`AppTestScript`, in ConductorRecording), as JSON: each command
    /// performed live — and each link the system opened on its own, as a step that opens it (`openedLink`) — in order, with the intents it caused in the store named `name` — those its effects fed back
    /// included — the state after them, the coordinator tree after it, and the deep links it opened with their
    /// outcome. `ConductorTesting`'s `AppTest` performs the commands again, headless, and reports every difference.
    ///
    /// The steps are the commands in the ring, so export before it fills (the `capacity` of the
    /// ``InspectorConfiguration``). Only what commands and links caused is replayed: intents sent on their own and
    /// actions outside a command are not steps. A step's state is the state after its last intent: record with each
    /// command's work finished before the next begins (an effect that lands after the next command started puts that
    /// command's intents in this step's state, and the replay, which settles each command first, then differs).
    /// - Parameter name: The name of the watched store whose intents and state are checked; it must have been
    ///   watched with `Codable` state and intents (``watch(_:name:test:imports:)``).
    /// - Throws: ``InspectorError/Code/cannotExportTest`` when the store is not watched so, when its first intents
    ///   were folded away, when the ring no longer holds the session's start, or when time travel held intents of a
    ///   command (they were processed after resume, apart from it). Other commands performed during time travel
    ///   are not steps: resuming undid what they showed.
    public func exportAppTest(store name: String) throws(InspectorError) -> String {
        guard let store = stores[name], let initialState = try store.initialStateJSON() else {
            throw InspectorError(
                .cannotExportTest,
                "Store '\(name)' cannot be exported as an app test: watch it with Codable state and intents, with "
                    + "watch(_:name:test:imports:).")
        }
        guard evictedCount == 0 else {
            throw InspectorError(
                .cannotExportTest,
                "The session's first \(evictedCount) events left the inspector's ring: export sooner, or raise "
                    + "InspectorConfiguration.capacity.")
        }
        let all = entries
        // Each trace's events, in order, gathered once.
        var byTrace: [Int: [Entry]] = [:]
        var traceStart: [Int: Int] = [:]
        for (index, entry) in all.enumerated() {
            guard let trace = entry.cause?.trace else { continue }
            byTrace[trace, default: []].append(entry)
            if traceStart[trace] == nil { traceStart[trace] = index }
        }
        // A command performed by another command is part of that one's step: replaying the outer performs it. One
        // performed while time travel showed the past is not a step: resume undid what it showed (`help`, a push).
        // A link the system opened on its own (at launch, from Handoff or a notification) is a step too: the event
        // the session recorded as the link began, first of its cause (``linkBegan(_:outcome:)``).
        let commands = all.indices.filter { index in
            let entry = all[index]
            guard !entry.duringTravel else { return false }
            if entry.kind == .deepLink, entry.source == "link", let cause = entry.cause {
                return cause.kind == .link && traceStart[cause.trace] == index
            }
            return entry.kind == .command && entry.cause.map { $0.kind == .command && $0.name == entry.title } ?? true
        }
        // A command a travelling store held intents of — performed during travel, or live with an effect that
        // fed back meanwhile — had them processed after resume, apart from it: a replay would differ.
        if let held = all.first(where: { entry in
            entry.kind == .command && entry.cause.map { tracesWithHeldIntents.contains($0.trace) } == true
        }) {
            throw InspectorError(
                .cannotExportTest,
                "Time travel held intents of command \(held.title) (event \(held.sequence)): they were processed "
                    + "after resume, apart from it, and a replay would differ. Export a session recorded live, from a "
                    + "new inspector session.")
        }
        // Where each step's work begins: its trace's first event (its intents come before its own event).
        let starts = commands.map { index in min(all[index].cause.flatMap { traceStart[$0.trace] } ?? index, index) }
        // The tree in effect before each position: the last navigation recorded before it.
        var treeBefore: [NavigationTree?] = []
        treeBefore.reserveCapacity(all.count + 1)
        var current: NavigationTree?
        for entry in all {
            treeBefore.append(current)
            if entry.kind == .navigation, let tree = entry.navigation { current = tree }
        }
        treeBefore.append(current)
        func encoded(_ tree: NavigationTree?) throws(InspectorError) -> String? {
            guard let tree else { return nil }
            do { return try AppTestExport.json(tree) } catch {
                throw InspectorError(.cannotExportTest, "A navigation tree does not encode: \(error).")
            }
        }
        // The tree before anything was caused: the last navigation before the first event of a trace.
        let initialNavigation = try encoded(treeBefore[all.firstIndex { $0.cause != nil } ?? all.count])
        var steps: [AppTestScript.Step] = []
        var requests: [[Int]] = []
        for (number, index) in commands.enumerated() {
            let entry = all[index]
            let fields = entry.render()
            let isLink = entry.kind == .deepLink
            var step = AppTestScript.Step(
                command: isLink ? "(link)" : entry.title, openedLink: isLink ? entry.title : nil,
                failure: isLink ? nil : fields["error"])
            var intentSteps: [Int] = []
            if let trace = entry.cause?.trace {
                let traced = byTrace[trace] ?? []
                intentSteps = traced.compactMap { traced -> Int? in
                    guard traced.kind == .intent, traced.source == name, case .live(let step)? = traced.target else {
                        return nil
                    }
                    return step
                }
                step.links = traced.filter { $0.kind == .deepLink }.map { link in
                    AppTestScript.Link(
                        url: link.title,
                        outcome: link.render()["error"] ?? "taken")
                }
            }
            // The tree the step left: the one in effect when the next step began — what it navigated, through its
            // intents, its own event or the routers' changes recorded on a later turn — or at the end.
            // (Not before its own event: with commands that overlap, the next one's work may begin before this ends.)
            let next = number + 1 < starts.count ? max(starts[number + 1], index + 1) : all.count
            step.navigation = try encoded(treeBefore[next])
            steps.append(step)
            requests.append(intentSteps)
        }
        for (index, frame) in try store.appTestFrames(requests).enumerated() {
            guard let frame else { continue }
            steps[index].intents = frame.intents
            steps[index].stateBefore = frame.before
            steps[index].state = frame.after
        }
        let script = AppTestScript(
            store: name, initialState: initialState, initialNavigation: initialNavigation, steps: steps)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            return String(decoding: try encoder.encode(script), as: UTF8.self)
        } catch {
            throw InspectorError(.cannotExportTest, "The app test does not encode: \(error).")
        }
    }
}
