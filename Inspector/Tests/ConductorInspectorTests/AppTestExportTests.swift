import Conductor
import ConductorInspector
import ConductorRecording
import ConductorTesting
import Foundation
import Testing

/// A session exported as an app test: its commands with the intents, state, navigation and links they caused.
@MainActor
struct AppTestExportTests {
    /// The counting app (Support.swift), its command `Count`.
    typealias App = CountingApp

    /// A session watching the app's store, commands, tree and router.
    func watching(_ app: App) throws -> InspectorSession {
        let session = try InspectorSession()
        session.watch(app.store, name: "counter", test: nil)
        session.watch(app.commands)
        session.watch(app.root)
        session.watch(app.router)
        return session
    }

    func recorded() async throws -> (InspectorSession, App) {
        let app = try App()
        let session = try watching(app)
        try await app.commands.perform(identifier: "Count")
        await app.store.waitForEffects()
        for _ in 0..<5 { await Task.yield() }
        try? await app.commands.perform(identifier: "Unknown")
        return (session, app)
    }

    @Test func eachCommandBecomesAStepWithWhatItCaused() async throws {
        let (session, app) = try await recorded()
        defer { withExtendedLifetime(app) {} }
        let script = try JSONDecoder().decode(
            AppTestScript.self, from: Data(try session.exportAppTest(store: "counter").utf8))
        #expect(script.initialState == #"{"count":0,"log":[]}"#)
        #expect(script.steps.map(\.command) == ["Count", "Unknown"])
        #expect(
            script.steps[0].intents == [
                #"{"increment":{}}"#, #"{"increment":{}}"#, #"{"increment":{}}"#,
                #"{"note":{"_0":"announced 3"}}"#,
            ])
        #expect(script.steps[0].state == #"{"count":3,"log":["announced 3"]}"#)
        #expect(script.steps[0].stateBefore == #"{"count":0,"log":[]}"#)
        #expect(script.steps[1].failure?.contains("Unknown") == true)
        #expect(script.steps[1].intents.isEmpty)
    }

    @Test func theExportedSessionPassesAgainstAFreshApp() async throws {
        let (session, app) = try await recorded()
        defer { withExtendedLifetime(app) {} }
        let script = try JSONDecoder().decode(
            AppTestScript.self, from: Data(try session.exportAppTest(store: "counter").utf8))
        let fresh = try App()
        let report = await AppTest(script, store: fresh.store, commands: fresh.commands, root: fresh.root).run()
        #expect(report.differences.isEmpty, "\(report.differences)")
    }

    /// The example of ConductorTesting's *Sessions as tests* article, as it is written there.
    @Test func theArticlesExamplePassesAgainstANewApp() async throws {
        let (session, recordedApp) = try await recorded()
        defer { withExtendedLifetime(recordedApp) {} }

        // In the app, with the Inspector watching: the session as a test.
        let json = try session.exportAppTest(store: "counter")

        // In a test: perform it again against a new app, headless.
        let script = try JSONDecoder().decode(AppTestScript.self, from: Data(json.utf8))
        let app = try App()
        let report = await AppTest(script, store: app.store, commands: app.commands, root: app.root).run()
        #expect(report.differences.isEmpty)
    }

    @Test func aStoreThatIsGoneIsAnErrorNotAnEmptyStep() async throws {
        let (session, _) = try await recorded()
        #expect(throws: InspectorError.self) { try session.exportAppTest(store: "counter") }
    }

    @Test func aStoreWatchedWithoutCodableValuesCannotBeExported() async throws {
        let session = try InspectorSession()
        let store = Store(state: Counter(), reducer: counterReducer)
        session.watch(store, name: "plain")
        #expect(throws: InspectorError.self) { try session.exportAppTest(store: "plain") }
        #expect(throws: InspectorError.self) { try session.exportAppTest(store: "missing") }
    }

    @Test func aSessionWhoseStartLeftTheRingCannotBeExported() async throws {
        let session = try InspectorSession(configuration: InspectorConfiguration(capacity: 4))
        let store = Store(state: Counter(), reducer: counterReducer)
        session.watch(store, name: "counter", test: nil)
        for _ in 0..<10 { store.send(.note("x")) }
        #expect(throws: InspectorError.self) { try session.exportAppTest(store: "counter") }
    }

    @Test func aCommandPerformedWhileTravellingIsRefusedNotExportedWithoutItsWork() async throws {
        let (session, app) = try await recorded()
        defer { withExtendedLifetime(app) {} }
        try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
        try await app.commands.perform(identifier: "Count")  // its intents are held
        session.resume()
        await app.store.waitForEffects()

        let error = try #require(throws: InspectorError.self) { try session.exportAppTest(store: "counter") }
        #expect(error.code == .cannotExportTest)
        #expect(error.message.contains("Time travel held intents of command Count"))
    }

    @Test func aCommandDuringTravelThatSentNoIntentIsNotAStep() async throws {
        let (session, app) = try await recorded()
        defer { withExtendedLifetime(app) {} }
        app.commands.register(ClosureCommand("Look") { _ in })
        try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
        try await app.commands.perform(identifier: "Look")
        session.resume()

        let script = try JSONDecoder().decode(
            AppTestScript.self, from: Data(try session.exportAppTest(store: "counter").utf8))
        #expect(script.steps.map(\.command) == ["Count", "Unknown"])
    }

    @Test func aLiveCommandWhoseEffectFedBackDuringTravelIsRefused() async throws {
        let app = try App()
        let session = try watching(app)
        try await app.commands.perform(identifier: "Count")  // live; its effect has not fed back yet
        try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
        await Task.yield()
        for _ in 0..<5 { await Task.yield() }  // the note arrives while travelling: held
        session.resume()
        await app.store.waitForEffects()

        let error = try #require(throws: InspectorError.self) { try session.exportAppTest(store: "counter") }
        #expect(error.message.contains("Time travel held intents of command Count"))
    }

    /// A gate a command waits at until the test opens it.
    @MainActor
    final class Gate {
        private var waiting: CheckedContinuation<Void, Never>?
        private var isOpen = false
        func wait() async {
            guard !isOpen else { return }
            await withCheckedContinuation { waiting = $0 }
        }
        func open() {
            isOpen = true
            waiting?.resume()
            waiting = nil
        }
    }

    @Test func aCommandBegunDuringTravelIsNotAStepEvenWhenItEndsAfterResume() async throws {
        let (session, app) = try await recorded()
        defer { withExtendedLifetime(app) {} }
        let gate = Gate()
        app.commands.register(ClosureCommand("Slow") { _ in await gate.wait() })
        try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
        let slow = Task { try await app.commands.perform(identifier: "Slow") }
        for _ in 0..<5 { await Task.yield() }  // it began, and waits
        session.resume()
        gate.open()
        try await slow.value

        let script = try JSONDecoder().decode(
            AppTestScript.self, from: Data(try session.exportAppTest(store: "counter").utf8))
        #expect(script.steps.map(\.command) == ["Count", "Unknown"])
    }
}
