import ConductorDemoKit
import ConductorInspector
import Foundation
import Testing

/// The Inspector's import and time travel on the demo, watched as `ConductorDemo --inspect` watches it: a hostile
/// recording and travel to every step leave the database as it was (finding S3 of the hostile-ground review, where
/// an import overwrote row 1, deleted row 2, and made every later save fail).
extension DemoDataSafetyTests {
    /// The finding's recording, one JSON line per intent: an overwrite and a delete of saved rows, a row at
    /// `Int64.max`, a terminal escape sequence, intents only the database sends, then intents a user could type.
    static let hostileRecording: String = {
        let type = String(reflecting: AppIntent.self)
        let payloads = [
            #"{"restoreItem":{"_0":{"id":1,"title":"Overwritten"}}}"#,
            #"{"removeItem":{"_0":2}}"#,
            #"{"restoreItem":{"_0":{"id":9223372036854775807,"title":"Poison"}}}"#,
            #"{"addItem":{"_0":"\u001B[2J"}}"#,
            #"{"loaded":{"_0":{"items":[{"id":99,"title":"ghost"}],"flags":{}}}}"#,
            #"{"itemAdded":{"_0":{"id":98,"title":"ghost"}}}"#,
            #"{"logOut":{}}"#,
            #"{"addItem":{"_0":"Imported"}}"#,
            #"{"removeItem":{"_0":1}}"#,
        ]
        return payloads.map { #"{"kind":"intent","payload":\#($0),"type":"\#(type)"}"# }.joined(separator: "\n")
    }()

    /// An app watched by an inspector session as the demo's `--inspect` watches it (ConductorDemo.swift), a page
    /// connected to the session, and what the app printed.
    func inspectedApp() throws -> (DemoApp, PageReader, Output) {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        let session = try InspectorSession()
        session.watch(app.actionRouter)
        session.watch(app.store, name: "app", test: nil, imports: ImportPolicy(validate: AppIntent.validateImported))
        session.watch(app.commandManager)
        session.watch(app.rootCoordinator)
        session.watch(app.router)
        session.watch(app.deferredDeepLinks)
        return (app, PageReader(session), output)
    }

    /// A page connected to a session (which it keeps), its messages read in order as JSON objects, and every event
    /// they carried so far.
    @MainActor
    final class PageReader {
        let session: InspectorSession
        let page: InspectorPage
        /// Every event read so far, by sequence.
        private(set) var events: [Int: [String: Any]] = [:]

        init(_ session: InspectorSession) {
            self.session = session
            page = session.connect()
        }

        /// Sends `request`, then reads messages until an event whose title starts with `title` arrives; that event.
        func send(_ request: [String: Any], untilEventTitled title: String) async throws -> [String: Any] {
            try await send(request)
            return try await read { _ in
                events.values.first { event in
                    (event["title"] as? String)?.hasPrefix(title) == true
                        && !seen.contains(event["sequence"] as? Int ?? 0)
                }
            }
        }

        /// Reads every event the session has sent so far: asks for the history before a sequence far ahead, and reads
        /// until the answer.
        func catchUp() async throws {
            try await send(["type": "history", "before": Int(Int32.max)])
            _ = try await read { $0?["type"] as? String == "history" ? [:] : nil }
        }

        private func send(_ request: [String: Any]) async throws {
            seen = Set(events.keys)
            let data = try JSONSerialization.data(withJSONObject: request)
            await page.send(String(decoding: data, as: UTF8.self))
        }

        /// The events seen before the last request.
        private var seen: Set<Int> = []

        /// Reads messages, keeping their events, until `found` returns a value for one: that value.
        private func read(until found: ([String: Any]?) -> [String: Any]?) async throws -> [String: Any] {
            for await text in page.messages {
                let message = try #require(
                    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let arrived =
                    (message["events"] as? [[String: Any]] ?? [])
                    + [message["event"] as? [String: Any]]
                    .compactMap { $0 }
                for event in arrived { events[event["sequence"] as? Int ?? 0] = event }
                if let value = found(message) { return value }
            }
            throw Failure("the page's messages ended before the one awaited")
        }

        /// The sequences of the intent events seen so far, live and imported.
        var intentSequences: [Int] {
            events.filter { $0.value["kind"] as? String == "intent" }.keys.sorted()
        }
    }

    /// The rows as another connection reads them: id and title, in id order.
    func rows() throws -> [String] { try column("SELECT id || ' ' || title FROM item ORDER BY id") }

    @Test func aHostileImportAndTravelToEveryStepLeaveTheDatabaseUnchanged() async throws {
        let (app, reader, _) = try inspectedApp()
        app.start()
        await app.run(lines: ["next", "login ada", "create", "save Milk", "back", "create", "save Bread", "back"])
        await app.store.waitForEffects()
        let before = (rows: try rows(), flags: try column("SELECT key || '=' || value FROM flag ORDER BY key"))
        #expect(before.rows == ["1 Milk", "2 Bread"])
        let liveState = app.store.state

        let report = try await reader.send(
            ["type": "import", "recording": Self.hostileRecording], untilEventTitled: "imported")
        #expect(report["title"] as? String == "imported 4 intent(s) to view, 5 line(s) left out")
        let fields = try #require(report["fields"] as? [String: String])
        #expect(fields["sent to the live store"] == "0")

        try await reader.catchUp()
        let steps = reader.intentSequences
        #expect(steps.count >= 12)  // the session's own intents, and the 4 imported
        for sequence in steps {
            _ = try await reader.send(["type": "travel", "sequence": sequence], untilEventTitled: "time travel")
            let shown = Set(app.store.state.items.all.map { "\($0.id) \($0.title)" })
            #expect(shown.isSubset(of: before.rows), "step \(sequence) shows items the database does not have")
            #expect(!app.store.state.items.all.contains { $0.title.contains("\u{1B}") })
        }
        _ = try await reader.send(["type": "resume"], untilEventTitled: "resumed live")
        await app.store.waitForEffects()

        #expect(try rows() == before.rows)
        #expect(try column("SELECT key || '=' || value FROM flag ORDER BY key") == before.flags)
        #expect(app.store.state == liveState)
        // The next save takes the next id, and undo removes it: nothing the import carried poisons a later write.
        await app.run(lines: ["create", "save Tea"])
        #expect(try rows() == ["1 Milk", "2 Bread", "3 Tea"])
        await app.handle("undo")
        #expect(try rows() == ["1 Milk", "2 Bread"])
    }

    /// The sequence of the first event seen whose kind is `kind` and whose title starts with `title`.
    func sequence(_ reader: PageReader, _ kind: String, _ title: String) throws -> Int {
        let found = reader.events.filter {
            $0.value["kind"] as? String == kind && ($0.value["title"] as? String)?.hasPrefix(title) == true
        }
        return try #require(found.keys.min(), "no \(kind) event titled \(title)")
    }

    /// The sequences of the events seen whose kind is `kind` and whose title starts with `title`, in order.
    func sequences(_ reader: PageReader, _ kind: String, _ title: String) -> [Int] {
        reader.events.filter {
            $0.value["kind"] as? String == kind && ($0.value["title"] as? String)?.hasPrefix(title) == true
        }.keys.sorted()
    }

    /// Time travel moves the screens with the state: every flow, stack, tab and sheet as it was right after the
    /// event; resume returns to the live screens, and nothing reaches the database.
    @Test func travelToAnyEventRestoresTheStateAndTheScreensTogetherAndResumeReturnsLive() async throws {
        let (app, reader, _) = try inspectedApp()
        app.start()
        await app.run(lines: ["next", "login ada", "create", "save Milk", "back", "create", "tab settings"])
        await app.store.waitForEffects()
        let live = (picture: DemoAppTests.picture(app), state: app.store.state, rows: try rows())
        #expect(live.picture.contains("items: Items [modal create: New item]"))
        #expect(live.picture.contains("selected: settings"))
        try await reader.catchUp()

        func travel(to sequence: Int) async throws -> [String] {
            _ = try await reader.send(["type": "travel", "sequence": sequence], untilEventTitled: "time travel")
            return DemoAppTests.picture(app)
        }
        // Before anything: onboarding.
        let first = try #require(reader.events.keys.sorted().first)
        #expect(try await travel(to: first).first == "window: onboarding")
        // After `finishOnboarding`: still onboarding — the state changes when the database confirms the write.
        let saves = sequences(reader, "intent", "flagSaved")
        #expect(try await travel(to: sequence(reader, "intent", "finishOnboarding")).first == "window: onboarding")
        // After the database saved it: the login screen.
        #expect(try await travel(to: saves[0]).first == "window: auth")
        // After the user was saved: the tabs, the list on Items.
        let afterLogin = try await travel(to: saves[1])
        #expect(afterLogin.prefix(4) == ["window: tabs", "selected: items", "items: Items", "settings: Settings"])
        // After `save Milk`: the item shown, the sheet closed, the item in the state.
        let afterSave = try await travel(to: sequence(reader, "command", "Save"))
        #expect(afterSave.prefix(3) == ["window: tabs", "selected: items", "items: Items › Item #1"])
        #expect(app.store.state.items.all.map(\.title) == ["Milk"])
        // After a navigation event: that navigation itself (the second sheet opened over the list).
        let sheets = reader.events.filter {
            $0.value["kind"] as? String == "navigation"
                && ($0.value["stacks"] as? [[String: Any]]).map { "\($0)" }?.contains("create") == true
        }
        let sheet = try #require(sheets.keys.max())
        #expect(try await travel(to: sheet).contains("items: Items [modal create: New item]"))

        _ = try await reader.send(["type": "resume"], untilEventTitled: "resumed live")
        #expect(DemoAppTests.picture(app) == live.picture)
        #expect(app.store.state == live.state)
        #expect(try rows() == live.rows)
        // The live screens work as before: the sheet saves.
        await app.run(lines: ["tab items", "save Tea"])
        #expect(try rows() == ["1 Milk", "2 Tea"])
    }

    /// The app never knows the Inspector travels: quitting while it shows the past saves the place shown, as any
    /// save would. The data stays live — the store held what was sent, nothing was written from the past — so the
    /// next launch follows the signed-in state with the item saved, at the place the travel showed within it.
    @Test func quittingWhileTravellingKeepsTheDataLiveAndSavesThePlaceShown() async throws {
        let (app, reader, _) = try inspectedApp()
        app.start()
        await app.run(lines: ["next", "login ada", "create", "save Milk"])
        await app.store.waitForEffects()
        let live = DemoAppTests.picture(app)
        #expect(live.prefix(3) == ["window: tabs", "selected: items", "items: Items › Item #1"])
        try await reader.catchUp()
        let first = try #require(reader.events.keys.sorted().first)
        _ = try await reader.send(["type": "travel", "sequence": first], untilEventTitled: "time travel")
        #expect(DemoAppTests.picture(app).first == "window: onboarding")

        await app.run(lines: ["quit"])
        let reopened = try DemoApp(databasePath: databasePath) { _ in }
        reopened.start()
        #expect(DemoAppTests.picture(reopened).prefix(3) == ["window: tabs", "selected: items", "items: Items"])
        #expect(DemoAppTests.picture(reopened).contains("  #1  Milk"))
    }

    /// Why is the item's screen showing? The timeline answers with the command that caused it, where it was performed
    /// from, and every event between: the action `open` sends, or the link `open-url` opens.
    @Test func theItemsScreenNamesTheCommandThatCausedIt() async throws {
        let (app, reader, _) = try inspectedApp()
        app.start()
        await app.run(lines: ["next", "login ada", "create", "save Milk", "back", "open 1", "back", "tab settings"])
        await app.run(lines: ["open-url conductor-demo://items/1"])
        await app.store.waitForEffects()
        try await reader.catchUp()

        /// The navigation the command `command` caused: what it says caused it, and the chain of events it belongs to.
        func why(after command: String) throws -> (cause: String, chain: [String]) {
            let performed = try #require(reader.events[try sequence(reader, "command", command)])
            let trace = try #require(performed["trace"] as? Int)
            let push = try #require(
                reader.events.filter {
                    $0.value["trace"] as? Int == trace && $0.value["kind"] as? String == "navigation"
                }
                .min { $0.key < $1.key }?.value)
            let chain = reader.events.filter { $0.value["trace"] as? Int == trace }.sorted { $0.key < $1.key }
                .map { "\($0.value["kind"] ?? "") \($0.value["title"] ?? "")" }
            return (try #require(push["cause"] as? String), chain)
        }
        let opened = try why(after: "Open")
        #expect(opened.cause.hasPrefix(#"command Open("id": 1) at ConductorDemoKit/DemoApp.swift:"#))
        #expect(opened.chain.first == "action ShowItem")
        #expect(opened.chain.last == #"command Open("id": 1)"#)
        let linked = try why(after: "OpenURL")
        #expect(linked.cause.hasPrefix(#"command OpenURL("url": "conductor-demo://items/1") at"#))
        #expect(linked.chain.first == "deepLink conductor-demo://items/1")
        #expect(linked.chain.dropFirst().first?.hasPrefix("navigation") == true)
    }

    @Test func navigationIsRecordedWithNoPageConnected() async throws {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        let session = try InspectorSession()
        session.watch(app.rootCoordinator)
        session.watch(app.router)
        app.start()
        for line in ["next", "signup", "terms"] {
            await app.handle(line)
            await Task.yield()  // the push is recorded on the next turn
        }

        let page = PageReader(session)
        try await page.catchUp()
        let titles = page.events.sorted { $0.key < $1.key }.compactMap {
            $0.value["kind"] as? String == "navigation" ? $0.value["title"] as? String : nil
        }
        #expect(titles.first == "AppCoordinator")  // watched before it started
        #expect(titles.contains("AppCoordinator › OnboardingCoordinator"))
        #expect(titles.contains("AppCoordinator › AuthCoordinator"))
        // Each push, with nothing else watched: onboarding, login, sign-up, terms.
        let stacks = page.events.values.filter { $0["kind"] as? String == "navigation" }.map { "\($0["stacks"] ?? "")" }
        #expect(stacks.contains { $0.contains("Sign up") && !$0.contains("Terms") })
        #expect(stacks.contains { $0.contains("Terms") })
    }

    @Test func anIntentSentWhileTravellingWritesNothingUntilResume() async throws {
        let (app, reader, _) = try inspectedApp()
        app.start()
        await app.run(lines: ["next", "login ada", "create", "save Milk", "back"])
        await app.store.waitForEffects()
        let bytes = try fileBytes()
        try await reader.catchUp()
        let first = try #require(reader.intentSequences.first)
        _ = try await reader.send(["type": "travel", "sequence": first], untilEventTitled: "time travel")

        app.store.send(.addItem("Held"))
        await app.store.waitForEffects()
        #expect(try fileBytes() == bytes)
        #expect(try titles() == ["Milk"])

        _ = try await reader.send(["type": "resume"], untilEventTitled: "resumed live")
        await app.store.waitForEffects()
        #expect(try titles() == ["Milk", "Held"])
    }

    /// A save typed on the past's creation sheet never reaches the live database: at resume its intent is dropped and
    /// told, the command finishes, and nothing is written.
    @Test func aCommandTypedWhileTravellingIsDroppedAtResumeAndTold() async throws {
        let (app, reader, _) = try inspectedApp()
        app.start()
        await app.run(lines: ["next", "login ada", "create"])
        await app.store.waitForEffects()
        try await reader.catchUp()
        // After `create`: the creation sheet is shown, as it was.
        let create = try sequence(reader, "command", "Create")
        _ = try await reader.send(["type": "travel", "sequence": create], untilEventTitled: "time travel")

        let typing = Task { await app.handle("save Tea") }
        for _ in 0..<100 { await Task.yield() }
        #expect(try titles().isEmpty)

        _ = try await reader.send(["type": "resume"], untilEventTitled: "resumed live")
        await typing.value
        await app.store.waitForEffects()
        #expect(try titles().isEmpty)
        try await reader.catchUp()
        #expect(
            reader.events.values.contains { event in
                (event["title"] as? String)?.contains("set off on a screen of the past") == true
            })
    }
}
