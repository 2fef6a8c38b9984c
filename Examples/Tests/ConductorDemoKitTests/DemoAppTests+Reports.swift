import Conductor
import ConductorDemoKit
import ConductorTesting
import Foundation
import PropertyBased
import Testing

/// The demo's flight recorder: `report` writes the session so far, redacted, and the report replays into a new run
/// over its own database, step by step equal in state and screens.
extension DemoAppTests {
    /// A new run over a new, empty database, prepared for `script`, started, and `script` replayed into it.
    func replayReport(_ script: AppTestScript) async throws -> (DemoApp, AppTestReport) {
        let app = try DemoApp(databasePath: directory + "/replay-\(UUID().uuidString).sqlite") { _ in }
        try app.prepareReplay(of: script)
        app.start()
        let report = await AppTest.replay(
            script, store: app.store, commands: app.commandManager, root: app.rootCoordinator,
            openLink: { try app.openLink($0) })
        return (app, report)
    }

    /// The words a random session picks from: every flow, the sheet, undo and redo, tabs, settings, links, bad input.
    static let sessionWords = [
        "next", "login ada", "login grace", "create", "save Milk", "save Tea", "cancel", "back", "open 1", "open 2",
        "open 7", "rename Oat milk", "undo", "redo", "tab settings", "tab items", "toggle-ids", "logout",
        "open-url conductor-demo://items/1", "open-url conductor-demo://items/99", "open-url conductor-demo://settings",
        "signup", "terms", "accept", "register lin", "bogus",
    ]

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func aRandomSessionsReportReplaysWithTheSameStateAndScreensAtEveryStep(seed: UInt64) async throws {
        var random = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, 1, 2))  // a failing seed fails again
        let app = try DemoApp(databasePath: directory + "/session-\(seed).sqlite") { _ in }
        app.start()
        await app.run(lines: ["next", "login ada"])
        for _ in 0..<40 {
            await app.handle(Self.sessionWords.randomElement(using: &random)!)
            await app.store.waitForEffects()
        }
        let recorder = try #require(app.recorder)
        let script = try AppTestScript.read(try recorder.reportJSON())
        // The first two lines, and each word but `bogus`, which is no command.
        #expect(script.steps.count > 30 && script.steps.count <= 42)
        let (replayed, report) = try await replayReport(script)
        #expect(report.differences.isEmpty, "seed \(seed): \(report.differences.prefix(2))")
        #expect(replayed.screen?.title == app.screen?.title)
        #expect(replayed.store.state.items == app.store.state.items)
    }

    @Test func aReportKeepsItemTitlesAndNeverTheUsersName() async throws {
        var output: [String] = []
        let app = try DemoApp(databasePath: databasePath) { output.append($0) }
        app.start()
        let path = directory + "/report.json"
        // The second login is refused, and its error quotes the command: redacted too.
        await app.run(lines: [
            "next", "login ada-lovelace", "login ada-lovelace", "create", "save Milk", "report \(path)",
        ])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("ada-lovelace"))
        #expect(text.contains("Milk"))
        #expect(output.contains { $0.hasPrefix("Report written to \(path): 5 step(s)") })
        // The report is not a step of its own: a replay would write a file.
        #expect(!text.contains("Report("))
        let (replayed, report) = try await replayReport(try AppTestScript.read(bytes))
        #expect(report.differences.isEmpty, "\(report.differences)")
        #expect(replayed.store.state.session.user?.hasPrefix("redacted-") == true)
        #expect(replayed.store.state.items.all.map(\.title) == ["Milk"])
    }

    @Test func aReplayUndoesWhatTheUserCouldUndo() async throws {
        let app = try DemoApp(databasePath: databasePath) { _ in }
        app.start()
        await app.run(lines: ["next", "login ada", "create", "save Milk", "create", "save Tea", "open 1", "rename Oat"])
        let script = try AppTestScript.read(try #require(app.recorder).reportJSON())
        let (replayed, report) = try await replayReport(script)
        #expect(report.differences.isEmpty, "\(report.differences)")
        await replayed.run(lines: ["undo", "undo"])
        await replayed.store.waitForEffects()
        #expect(replayed.store.state.items.all.map(\.title) == ["Milk"])
    }

    @Test func aReplayNeedsAnEmptyDatabaseAndSaysSo() async throws {
        let first = try DemoApp(databasePath: databasePath) { _ in }
        first.start()
        await first.run(lines: ["next", "login ada", "create", "save Milk"])
        let script = try AppTestScript.read(try #require(first.recorder).reportJSON())
        let used = try DemoApp(databasePath: databasePath) { _ in }
        #expect {
            try used.prepareReplay(of: script)
        } throws: { error in
            "\(error)".contains("give an empty one with --database")
        }
    }

    @Test func aRunThatDidNotEndCleanlyLeavesItsLastStepsAndTheNextRunKeepsThemAndSaysSo() async throws {
        let first = try DemoApp(databasePath: databasePath, keepsLastSteps: true) { _ in }
        first.start()
        await first.run(lines: ["next", "login ada", "create", "save Milk"])
        #expect(FileManager.default.fileExists(atPath: first.lastStepsPath))
        // No `end()`: the process was killed.
        var output: [String] = []
        let second = try DemoApp(databasePath: databasePath, keepsLastSteps: true) { output.append($0) }
        second.start()
        let crashed = databasePath + ".crashed.json"
        #expect(output.first?.hasPrefix("The last run did not end cleanly. Its last steps are in \(crashed)") == true)
        let script = try AppTestScript.read(try Data(contentsOf: URL(fileURLWithPath: crashed)))
        #expect(script.steps.last?.command == #"Save("title": "Milk")"#)
        // A run that ends cleanly leaves nothing.
        second.end()
        #expect(!FileManager.default.fileExists(atPath: second.lastStepsPath))
    }
}
