public import ConductorCommands
public import ConductorCoordinators
public import ConductorRecording
public import ConductorStore
internal import Foundation

/// Performs a recorded session (`AppTestScript` from ConductorRecording, exported by the Inspector) again against
/// the app — its command manager, its store and its coordinators, headless — and reports every difference: the
/// intents each command caused, the state after them, the navigation, the deep links and how they ended, whether
/// the command failed.
///
/// ```swift
/// @Test func theRecordedSessionStillPasses() async throws {
///     let app = try DemoApp(databasePath: temporaryDatabase) { _ in }
///     app.start()
///     let script = try JSONDecoder().decode(AppTestScript.self, from: Data(contentsOf: recordedSession))
///     let report = await AppTest(script, store: app.store, commands: app.commandManager, root: app.rootCoordinator)
///         .run()
///     #expect(report.differences.isEmpty)
/// }
/// ```
///
/// By default the test is exhaustive: the intents must be exactly those recorded, the state exactly the recorded
/// state, the coordinator tree exactly the recorded tree — after a step that recorded none (it navigated nowhere),
/// exactly the tree before it. ``Mode/nonExhaustive`` checks what the session recorded
/// and tolerates the rest: the recorded intents must occur in order (others may come between), only the parts of the
/// state the step changed are compared, and the flows of the tree (not their places) — for a session recorded
/// before a feature that adds intents or screens.
///
/// Every difference is returned in the ``AppTestReport``, with what was recorded and what the app did; a test asserts
/// that there is none.
@MainActor
public struct AppTest<State: Codable & Equatable, IntentType: Codable & Sendable, EffectType: Effect> {
    /// How strictly the app must do what the session recorded.
    public enum Mode: Sendable {
        /// Exactly the recorded intents, state and tree, after every step.
        case exhaustive
        /// The recorded intents in order, the parts of the state each step changed, the flows of the tree.
        case nonExhaustive
    }

    private let script: AppTestScript
    private let store: Store<State, IntentType, EffectType>
    private let commands: CommandManager
    private let root: BaseCoordinator?
    private let mode: Mode
    private let settle: (@MainActor () async -> Void)?
    private let effectsTimeout: Duration
    private let openLink: (@MainActor (String) throws -> Void)?
    private let placeholders = Placeholders()

    /// A test of `script` against the app.
    /// - Parameters:
    ///   - script: The recorded session.
    ///   - store: The store the script's intents and states are of, in the state the session started from.
    ///   - commands: The app's command manager, following its coordinators.
    ///   - root: The root of the app's coordinator tree, started; `nil` to leave navigation unchecked.
    ///   - mode: Exhaustive by default.
    ///   - settle: Waits after each command until what it started has finished: by default, until the store's
    ///     effects are done — at most `effectsTimeout`, after which the step reports effects still running (an
    ///     effect that never ends, such as a timer, needs a `settle` of your own) — and the main actor has had a few
    ///     turns.
    ///   - effectsTimeout: How long the default settling waits for a step's effects; 10 seconds by default.
    ///   - openLink: Opens a deep link as the app opens the links the system hands it (`DeferredDeepLinks.open` or
    ///     `BaseCoordinator.open`, with the app's patterns): what a step with an `openedLink` does instead of a
    ///     command. A script with such a step and no `openLink` reports the step as a difference.
    public init(
        _ script: AppTestScript,
        store: Store<State, IntentType, EffectType>,
        commands: CommandManager,
        root: BaseCoordinator?,
        mode: Mode = .exhaustive,
        settle: (@MainActor () async -> Void)? = nil,
        effectsTimeout: Duration = .seconds(10),
        openLink: (@MainActor (String) throws -> Void)? = nil
    ) {
        self.script = script
        self.store = store
        self.commands = commands
        self.root = root
        self.mode = mode
        self.settle = settle
        self.effectsTimeout = effectsTimeout
        self.openLink = openLink
    }

    /// Replays a report (a flight recorder's, or any script with a start) into a fresh app: restores the state and
    /// the navigation it starts from, then performs its steps and compares, exhaustively, as ``run()`` does. What
    /// cannot start — a state or a tree that does not decode, a place that cannot be restored — is the report's
    /// first difference, at step 0.
    ///
    /// The app's effects run as the app gave them: give the replayed app its own database and no network.
    /// - Parameters: as ``init(_:store:commands:root:mode:settle:effectsTimeout:openLink:)``.
    public static func replay(
        _ script: AppTestScript,
        store: Store<State, IntentType, EffectType>,
        commands: CommandManager,
        root: BaseCoordinator?,
        settle: (@MainActor () async -> Void)? = nil,
        effectsTimeout: Duration = .seconds(10),
        openLink: (@MainActor (String) throws -> Void)? = nil
    ) async -> AppTestReport {
        var report = AppTestReport()
        do {
            store.restore(try JSONDecoder().decode(State.self, from: Data(script.initialState.utf8)))
        } catch {
            report.differences.append(
                .init(
                    step: 0, command: "(start)", what: "state", expected: script.initialState,
                    actual: "(the report's state does not decode: \(error))"))
            return report
        }
        if let root, let navigation = script.initialNavigation {
            do {
                let tree = try NavigationTree(json: Data(navigation.utf8))
                // A flow its parent's start alone rebuilds, or one the state does not start, is not a failure here:
                // the run compares the tree it reaches with the report's start.
                let skipped = tree.restore(into: root).skipped.filter { skipped in
                    switch skipped.reason {
                    case .failed, .modulesWithoutDestination: return true
                    default: return false
                    }
                }
                if !skipped.isEmpty {
                    report.differences.append(
                        .init(
                            step: 0, command: "(start)", what: "navigation", expected: navigation,
                            actual: "not restored: " + skipped.map { "\($0)" }.joined(separator: "; ")))
                    return report
                }
            } catch {
                report.differences.append(
                    .init(
                        step: 0, command: "(start)", what: "navigation", expected: navigation,
                        actual: "(the report's navigation does not decode: \(error))"))
                return report
            }
        }
        for _ in 0..<10 { await Task.yield() }
        return await AppTest(
            script, store: store, commands: commands, root: root, settle: settle, effectsTimeout: effectsTimeout,
            openLink: openLink
        ).run()
    }

    /// Performs every step and compares; returns every difference (assert that there is none: the result cannot be
    /// left unused).
    public func run() async -> AppTestReport {
        var report = AppTestReport()
        func differ(_ step: Int, _ command: String, _ what: String, expected: String, actual: String) {
            let difference = AppTestReport.Difference(
                step: step, command: command, what: what, expected: expected, actual: actual)
            report.differences.append(difference)
        }
        // The start: the recorded state, and the recorded tree.
        let start = encoded(store.state)
        if !sameJSON(start, script.initialState) {
            differ(0, "(start)", "state", expected: script.initialState, actual: start)
        }
        if let root, let expected = script.initialNavigation, mode == .exhaustive {
            compareTree(expected, root, step: 0, command: "(start)", differ)
        }
        let recorder = IntentRecorder<State, IntentType>()
        store.middlewares.insert(recorder, at: 0)
        defer { store.middlewares.removeAll { $0 as AnyObject === recorder } }
        let links = LinkRecorder()
        root?.addDeepLinkObserver(owner: links) { [links] event in
            links.outcomes.append(
                AppTestScript.Link(url: event.source, outcome: event.error.map { "\($0.description)" } ?? "taken"))
        }
        defer { root?.removeDeepLinkObservers(of: links) }

        // A step that navigated nowhere recorded no tree: the tree it must leave is the last one recorded.
        var expectedTree = script.initialNavigation
        for (index, step) in script.steps.enumerated() {
            let number = index + 1
            recorder.intents.removeAll()
            links.outcomes.removeAll()
            var failure: String?
            do {
                if let platform = step.platform {
                    try bringTree(to: step.navigation, as: "the platform's navigation (\(platform))")
                } else if let action = step.action {
                    // The intents the action sent, then the tree where it went: what getting there makes the app send
                    // again (a flow that sends as it starts) is in the sends already, and dropped.
                    try await send(step.sends, recorded: step.intents)
                    // Dropped before the store's intent taps too: a recorder of the replayed app never hears them.
                    let taps = store.intentTaps
                    for tap in taps { store.removeIntentTap(tap) }
                    recorder.dropsIntents = true
                    defer {
                        recorder.dropsIntents = false
                        for tap in taps { store.addIntentTap(tap) }
                    }
                    try bringTree(to: step.navigation, as: "the action \(action)'s navigation")
                } else if let url = step.openedLink {
                    guard let openLink else {
                        throw AppTestProblem(
                            "the step opens the link \(url), and the test was given no `openLink` to open it with")
                    }
                    try openLink(url)
                } else if step.sends.isEmpty, step.command.hasPrefix("(") {
                    // Only what earlier steps' effects answered (a recorder's step that went on in a new one): nothing
                    // to perform; the answers come as the app's effects send them.
                } else if !step.sends.isEmpty {
                    try await send(step.sends, recorded: step.intents)
                } else {
                    try await commands.perform(identifier: step.command)
                }
            } catch {
                failure = "\(error)"
            }
            if let settle {
                await settle()
            } else {
                if !(await store.waitForEffects(timeout: effectsTimeout)) {
                    differ(
                        number, step.command, "effects", expected: "finished",
                        actual: "still running after \(effectsTimeout): pass a `settle` that waits for them")
                }
                for _ in 0..<10 { await Task.yield() }
            }
            report.performed += 1
            if failure != step.failure, !placeholders.match(failure ?? "", step.failure ?? "") {
                differ(
                    number, step.command, "result", expected: step.failure ?? "performed",
                    actual: failure ?? "performed")
            }
            let intents = recorder.intents.map(encoded)
            compareIntents(step.intents, intents, step: number, command: step.command, differ)
            if let expected = step.state {
                compareState(
                    expected, before: step.stateBefore, encoded(store.state), step: number, command: step.command,
                    differ)
            }
            if let navigation = step.navigation { expectedTree = navigation }
            if let root, let expected = mode == .exhaustive ? expectedTree : step.navigation {
                compareTree(expected, root, step: number, command: step.command, differ)
            }
            if links.outcomes != step.links {
                differ(
                    number, step.command, "links", expected: step.links.map(\.description).joined(separator: "; "),
                    actual: links.outcomes.map(\.description).joined(separator: "; "))
            }
        }
        return report
    }

    /// Sends the intents of a step of sends, each as JSON, waiting for the effects of each unless the test settles —
    /// but not between two the recording processed back to back (a send and a subscriber's reaction to it), which
    /// no answer came between.
    private func send(_ sends: [String], recorded intents: [String]) async throws {
        // Where each send stands among the step's recorded intents, in order.
        var positions: [Int] = []
        var next = 0
        for json in sends {
            while next < intents.count, intents[next] != json { next += 1 }
            positions.append(next)
            next += 1
        }
        for (index, json) in sends.enumerated() {
            let intent: IntentType
            do { intent = try JSONDecoder().decode(IntentType.self, from: Data(json.utf8)) } catch {
                throw AppTestProblem("the intent \(json) does not decode: \(error)")
            }
            // What the replayed app's subscribers send in reaction is dropped: the report holds the reactions it
            // recorded, another window's subscribers' included, as sends of their own.
            store.dropsReactions = true
            store.send(intent)
            store.dropsReactions = false
            let backToBack = index + 1 < sends.count && positions[index + 1] == positions[index] + 1
            if settle == nil, !backToBack { _ = await store.waitForEffects(timeout: effectsTimeout) }
        }
    }

    /// A navigation the platform made on its own (a back swipe, a tab tapped), or an action's: the tree is brought to
    /// the one the step recorded, as the platform or the action brought it — the flows' values, and what ending a
    /// flow sets off.
    private func bringTree(to navigation: String?, as what: String) throws {
        guard let root else {
            throw AppTestProblem("the step is \(what), and the test was given no root to bring to it")
        }
        guard let navigation else { return }
        let tree: NavigationTree
        do { tree = try NavigationTree(json: Data(navigation.utf8)) } catch {
            throw AppTestProblem("\(what) does not decode: \(error)")
        }
        let losses = tree.restore(into: root).losses
        if !losses.isEmpty {
            throw AppTestProblem("\(what) could not be made: \(losses.map(\.description))")
        }
    }

    // MARK: Comparing

    private func compareIntents(
        _ expected: [String], _ actual: [String], step: Int, command: String,
        _ differ: (Int, String, String, String, String) -> Void
    ) {
        let matches: Bool
        switch mode {
        case .exhaustive:
            matches = expected.count == actual.count && zip(expected, actual).allSatisfy(sameJSON)
        case .nonExhaustive:
            var remaining = actual[...]
            matches = expected.allSatisfy { intent in
                guard let found = remaining.firstIndex(where: { sameJSON($0, intent) }) else { return false }
                remaining = remaining[(found + 1)...]
                return true
            }
        }
        if !matches {
            differ(step, command, "intents", expected.joined(separator: "\n"), actual.joined(separator: "\n"))
        }
    }

    private func compareState(
        _ expected: String, before: String?, _ actual: String, step: Int, command: String,
        _ differ: (Int, String, String, String, String) -> Void
    ) {
        switch mode {
        case .exhaustive:
            if !sameJSON(expected, actual) { differ(step, command, "state", expected, actual) }
        case .nonExhaustive:
            // Only the top-level parts of the state the step changed.
            guard let after = object(expected), let now = object(actual) else {
                if !sameJSON(expected, actual) { differ(step, command, "state", expected, actual) }
                return
            }
            let previous = before.flatMap(object) ?? [:]
            for key in after.keys.sorted() where !same(after[key], previous[key]) && !same(after[key], now[key]) {
                differ(step, command, "state.\(key)", describe(after[key]), describe(now[key]))
            }
        }
    }

    private func compareTree(
        _ expected: String, _ root: BaseCoordinator, step: Int, command: String,
        _ differ: (Int, String, String, String, String) -> Void
    ) {
        let tree: NavigationTree
        do { tree = try NavigationTree(json: Data(expected.utf8)) } catch {
            return differ(step, command, "navigation", expected, "(the recorded tree does not decode: \(error))")
        }
        let actual = NavigationTree.capture(root).tree
        let matches =
            mode == .exhaustive
            ? tree == actual || sameJSON(expected, encoded(actual)) : Self.flows(tree.root) == Self.flows(actual.root)
        if !matches { differ(step, command, "navigation", Self.outline(tree.root), Self.outline(actual.root)) }
    }

    /// The flows of a tree, without their places: `App(Main(Items, Settings))`.
    private static func flows(_ flow: NavigationTree.Flow) -> String {
        flow.children.isEmpty ? flow.name : "\(flow.name)(\(flow.children.map(flows).joined(separator: ", ")))"
    }

    /// A tree as one line per flow, with its navigation, place and tab, for a readable difference.
    private static func outline(_ flow: NavigationTree.Flow, depth: Int = 0) -> String {
        var line = String(repeating: "  ", count: depth) + flow.name
        if let tab = flow.selectedTab { line += " [tab \(tab)]" }
        if let navigation = flow.navigation { line += " \(navigation.json)" }
        if let place = flow.place { line += " \(place)" }
        return ([line] + flow.children.map { outline($0, depth: depth + 1) }).joined(separator: "\n")
    }

    // MARK: JSON

    private func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
            return "(does not encode: \(error))"
        }
    }

    /// Whether two JSON texts hold the same value. Text that is not JSON equals only itself: the caller reports the
    /// difference, with both texts.
    private func sameJSON(_ left: String, _ right: String) -> Bool {
        if left == right { return true }
        guard let a = try? JSONSerialization.jsonObject(with: Data(left.utf8), options: [.fragmentsAllowed]),
            let b = try? JSONSerialization.jsonObject(with: Data(right.utf8), options: [.fragmentsAllowed])
        else { return false }
        return same(a, b)
    }

    private func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// Whether two JSON values are the same. A redaction's placeholder (`redacted-` and 16 hexadecimal digits, from
    /// a flight recorder's report) stands for text the report does not hold: it matches any string, and the same
    /// string every time (``Placeholders``), so a replay is compared where the report could not say.
    private func same(_ left: Any?, _ right: Any?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let a as String, let b as String): return a == b || placeholders.match(a, b)
        case (let a as [String: Any], let b as [String: Any]):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        case (let a as [Any], let b as [Any]): return a.count == b.count && zip(a, b).allSatisfy(same)
        case (let a as NSObject, let b as NSObject): return a.isEqual(b)
        default: return false
        }
    }

    private func describe(_ value: Any?) -> String {
        guard let value else { return "(none)" }
        guard JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension AppTestScript.Link: CustomStringConvertible {
    /// `conductor-demo://items/3: taken`.
    public var description: String { "\(url): \(outcome)" }
}

/// Why a step could not be performed as recorded.
private struct AppTestProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Records the intents a store processes.
@MainActor
private final class IntentRecorder<State, IntentType>: StoreMiddleware {
    var intents: [IntentType] = []
    /// Whether intents are dropped — neither recorded nor processed — while the replay brings the tree where an
    /// action took it: the step's sends hold them already.
    var dropsIntents = false
    func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        guard !dropsIntents else { return }
        intents.append(intent)
        next(intent)
    }
}

/// What each redaction placeholder of a report stood for in the replay: a placeholder matches one string, the same
/// throughout.
@MainActor
private final class Placeholders {
    private var bound: [String: String] = [:]

    /// Whether `left` and `right` match: one of them a placeholder bound to the other (bound now if it was not).
    func match(_ left: String, _ right: String) -> Bool {
        if Self.isPlaceholder(left) { return bind(left, right) }
        if Self.isPlaceholder(right) { return bind(right, left) }
        return false
    }

    private func bind(_ placeholder: String, _ text: String) -> Bool {
        if let existing = bound[placeholder] { return existing == text }
        bound[placeholder] = text
        return true
    }

    static func isPlaceholder(_ text: String) -> Bool {
        text.utf8.count == 25 && text.hasPrefix("redacted-")
            && text.utf8.dropFirst(9).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// Records the outcomes of the deep links opened.
@MainActor
private final class LinkRecorder {
    var outcomes: [AppTestScript.Link] = []
}
