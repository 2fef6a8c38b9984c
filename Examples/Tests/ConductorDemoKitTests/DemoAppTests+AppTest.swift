import Conductor
import ConductorDemoKit
import ConductorInspector
import ConductorRecording
import ConductorTesting
import Foundation
import Testing

/// A session recorded by the Inspector, performed again against the demo headless: the intents, the state, the
/// screens and the links of every command must be what they were.
extension DemoAppTests {
    /// What the recorded session does: every flow, a sheet, undo, a tab, a setting, a link, a logout.
    static let sessionLines = [
        "next", "login ada", "create", "save Milk", "back", "create", "save Bread", "undo", "open 1", "tab settings",
        "toggle-ids", "open-url conductor-demo://items/1", "tab items", "back", "logout",
    ]

    /// The session checked in beside this file, recorded from the demo (regenerate it with
    /// `CONDUCTOR_RECORD_SESSION=1 swift test --package-path Examples --filter recordTheDemoSession`).
    static let sessionFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Sessions/demo-session.json")

    /// Runs `lines` on a demo watched by an inspector session, and exports the session as an app test.
    func recordSession(_ lines: [String]) async throws -> String {
        let app = try DemoApp(databasePath: databasePath) { _ in }
        let session = try InspectorSession()
        session.watch(app.actionRouter)
        session.watch(app.store, name: "app", test: nil)
        session.watch(app.commandManager)
        session.watch(app.rootCoordinator)
        app.start()
        await app.run(lines: lines)
        await app.store.waitForEffects()
        return try session.exportAppTest(store: "app")
    }

    /// A new demo on a new database, started, and the app test of `script` against it.
    func replay(
        _ script: AppTestScript, mode: AppTest<AppState, AppIntent, AppEffect>.Mode = .exhaustive,
        reducer: @escaping (inout AppState, AppIntent) -> [AppEffect] = appReducer
    ) async throws -> AppTestReport {
        let path = directory + "/replay-\(UUID().uuidString).sqlite"
        let app = try DemoApp(databasePath: path, reducer: reducer) { _ in }
        app.start()

        return await AppTest(
            script, store: app.store, commands: app.commandManager, root: app.rootCoordinator, mode: mode
        ).run()
    }

    func decode(_ json: String) throws -> AppTestScript {
        try JSONDecoder().decode(AppTestScript.self, from: Data(json.utf8))
    }

    @Test func aRecordedSessionPerformedAgainDoesWhatItDid() async throws {
        let script = try decode(try await recordSession(Self.sessionLines))
        #expect(
            script.steps.map(\.command).prefix(4) == [
                "Next", #"Login("user": "ada")"#, "Create", #"Save("title": "Milk")"#,
            ])
        let save = script.steps[3]
        #expect(save.intents.count == 2)  // addItem, then itemAdded fed back by the database
        #expect(save.state?.contains("Milk") == true)
        #expect(save.navigation?.contains(#""item":{"_0":1}"#) == true)
        let link = try #require(script.steps.first { !$0.links.isEmpty })
        #expect(link.links == [.init(url: "conductor-demo://items/1", outcome: "taken")])

        let report = try await replay(script)
        #expect(report.performed == Self.sessionLines.count)
        #expect(report.differences.isEmpty, "\(report.differences)")
    }

    /// The demo's recorded session, checked in: CI runs it on every change.
    @Test func theCheckedInSessionStillPasses() async throws {
        let script = try decode(try String(contentsOf: Self.sessionFile, encoding: .utf8))
        #expect(script.steps.count == Self.sessionLines.count)
        let report = try await replay(script)
        #expect(report.differences.isEmpty)
    }

    /// A reducer that titles items in capitals: the checked-in session notices.
    @Test func theCheckedInSessionFailsWhenAReducerChanges() async throws {
        let script = try decode(try String(contentsOf: Self.sessionFile, encoding: .utf8))
        let shouting: (inout AppState, AppIntent) -> [AppEffect] = { state, intent in
            if case .itemAdded(var item) = intent {
                item.title = item.title.uppercased()
                return appReducer(&state, .itemAdded(item))
            }
            return appReducer(&state, intent)
        }
        let report = try await replay(script, reducer: shouting)
        #expect(report.differences.contains { $0.what == "state" && $0.command == #"Save("title": "Milk")"# })
    }

    @Test func theNonExhaustiveModeToleratesIntentsAndStateTheSessionDidNotRecord() async throws {
        var script = try decode(try String(contentsOf: Self.sessionFile, encoding: .utf8))
        // As if recorded before the database confirmed writes: the fed-back intents were not there.
        let save = try #require(script.steps.firstIndex { $0.command == #"Save("title": "Milk")"# })
        script.steps[save].intents.removeLast()

        let exhaustive = try await replay(script)
        #expect(exhaustive.differences.map(\.what) == ["intents"])
        let relaxed = try await replay(script, mode: .nonExhaustive)
        #expect(relaxed.differences.isEmpty)
    }

    /// The app test the Inspector's page exported from the demo (scripts/inspect-browser sets the path).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONDUCTOR_APP_TEST"] != nil))
    func theInspectorsExportedAppTestPasses() async throws {
        let path = try #require(ProcessInfo.processInfo.environment["CONDUCTOR_APP_TEST"])
        let script = try decode(try String(contentsOfFile: path, encoding: .utf8))
        #expect(!script.steps.isEmpty)
        let report = try await replay(script)
        #expect(report.differences.isEmpty, "\(report.differences)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONDUCTOR_RECORD_SESSION"] == "1"))
    func recordTheDemoSession() async throws {
        try await recordSession(Self.sessionLines).write(to: Self.sessionFile, atomically: true, encoding: .utf8)
    }
}
