// swift-format-ignore-file
// (Documentation code, kept exactly as the article "Bug reports that replay" and the flight recorder's doc comments
// show it.)
import Conductor
import ConductorTesting
import Foundation
import Testing

private struct AppState: Codable, Equatable {
    var items: [String] = []
    var user: String?
}

private enum AppIntent: Intent, Codable, Equatable {
    case addItem(title: String)
    case logIn(String)
}

private enum AppEffect: Effect {}

private func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .addItem(let title): state.items.append(title)
    case .logIn(let user): state.user = user
    }
    return []
}

/// The app the article's code runs against.
@MainActor
private final class App {
    let store = Store(state: AppState(), reducer: reducer)
    let commands = CommandManager()
    let appCoordinator = BaseCoordinator(actionRouter: nil)
    init() {
        appCoordinator.run()
        commands.register(ClosureCommand("Add") { [store] context in store.send(.addItem(title: try context.string("title"))) })
        commands.register(ClosureCommand("LogIn") { [store] context in store.send(.logIn(try context.string("user"))) })
    }
}

@MainActor
struct BugReportsDocsTests {
    @Test func theFlightRecordersDocCommentExample() throws {
        let app = App()
        let store = app.store, commands = app.commands, appCoordinator = app.appCoordinator

        let recorder = FlightRecorder(
            store: store, commands: commands, root: appCoordinator,
            redaction: Redaction(keeping: ["title"]), appVersion: "2.4.1")
        // Later, from a debug menu or a crash reporter's hook:
        let report = try recorder.reportJSON()

        #expect(try AppTestScript.read(report).appVersion == "2.4.1")
    }

    @Test func theRedactionsDocCommentExample() {
        // Item titles are kept; everything else the user typed (a user name) is replaced.
        let redaction = Redaction(keeping: ["title"])

        #expect(redaction.keeps(path: ["addItem", "title"]))
    }

    @Test func theIntentTapsDocCommentExample() {
        let store = App().store

        let tap = IntentTap<AppIntent> { tap in print("\(tap.count) intents written") }
        tap.checkpoint = 1_000
        store.addIntentTap(tap)

        #expect(store.intentTaps.count == 1 && store.intentTaps.first === tap)
    }

    @Test func theArticleRecordsRedactsReportsAndReplays() async throws {
        let app = App()
        let (store, commands, appCoordinator) = (app.store, app.commands, app.appCoordinator)
        let caches = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID())")
        try FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: caches) }

        // Attach: one call, as the app starts.
        let recorder = FlightRecorder(
            store: store, commands: commands, root: appCoordinator,
            maximumBytes: 512 << 10,
            redaction: Redaction(keeping: ["title"]),
            appVersion: "2.4.1",
            ignoring: ["SendReport"])

        // A debug menu's command that writes the report: not a step of its own.
        commands.register(
            ClosureCommand("SendReport") { _ in
                let report = try recorder.reportJSON()
                try report.write(to: caches.appendingPathComponent("report.json"))
            })

        // Crash reports: the last steps, written as each step begins.
        let lastSteps = caches.appendingPathComponent("last-steps.json")
        if FileManager.default.fileExists(atPath: lastSteps.path) {
            // The last run did not end cleanly: attach the file to its crash report.
        }
        recorder.lastStepsFile = lastSteps

        try await commands.perform(identifier: #"LogIn("user": "ada")"#)
        try await commands.perform(identifier: #"Add("title": "Milk")"#)
        try await commands.perform(identifier: "SendReport")
        let written = try Data(contentsOf: caches.appendingPathComponent("report.json"))
        #expect(!String(decoding: written, as: UTF8.self).contains("ada"))

        let reportData = written
        // In a test: a fresh app, the report, and every step compared.
        let fresh = App()
        let report = try AppTestScript.read(reportData)
        let result = await AppTest.replay(
            report, store: fresh.store, commands: fresh.commands, root: fresh.appCoordinator)
        #expect(result.differences.isEmpty, "\(result.differences)")
        #expect(fresh.store.state.items == ["Milk"])
    }
}
