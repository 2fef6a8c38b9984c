// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorTesting's doc comments, compiled and run: a test store, an action spy, and an app test
// of a small app that stands for the demo app.
import ConductorActions
import ConductorCommands
import ConductorCoordinators
import ConductorRecording
import ConductorStore
import ConductorTesting
import Foundation
import Testing

// MARK: TestStore.swift

private struct AppState: Equatable {
    var value = 0
    var soundsPlayed = 0
}

private enum AppIntent: Intent, Equatable {
    case increment
    case soundPlayed
}

private enum AppEffect: Effect, Equatable { case playSound }

private func reducer(state: inout AppState, intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .increment:
        state.value += 1
        return state.value % 5 == 0 ? [.playSound] : []
    case .soundPlayed:
        state.soundsPlayed += 1
        return []
    }
}

private struct SoundEffectHandler: EffectHandler {
    func handles(_ effect: AppEffect) -> Bool { effect == .playSound }
    func handle(effect: AppEffect, send: Send<AppIntent>) async throws { await send(.soundPlayed) }
}

@Test @MainActor func incrementPlaysASoundAtFive() async {
    let store = TestStore(initialState: AppState(value: 4), reducer: reducer)
    store.add(effectHandler: SoundEffectHandler())

    await store.send(.increment) { $0.value = 5 }
    await store.receive(.soundPlayed) { $0.soundsPlayed = 1 }
    await store.finish()
}

// MARK: ActionSpy.swift

private struct ShowProfile: Action { let id: Int }

// MARK: AppTest.swift

/// A tally app: `Add(n: 2)` adds.
private struct Tally: Codable, Equatable { var count = 0 }
private enum TallyIntent: Intent, Codable, Equatable { case add(Int) }

@MainActor private final class DemoApp {
    let store = Store(state: Tally(), reducer: { (tally: inout Tally, intent: TallyIntent) -> [Never] in
        if case .add(let n) = intent { tally.count += n }
        return []
    })
    let commandManager = CommandManager()
    let rootCoordinator = BaseCoordinator(actionRouter: nil)

    struct NoDatabase: Error {}

    init(databasePath: String, output: @escaping (String) throws -> Void) throws {
        guard !databasePath.isEmpty else { throw NoDatabase() }
        commandManager.register(ClosureCommand("Add") { [store] context in store.send(.add(try context.int("n"))) })
    }

    func start() { rootCoordinator.run() }
}

private func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@MainActor
@Suite struct ConductorTestingDocCommentTests {
    let temporaryDatabase = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UUID()).sqlite").path
    let recordedSession = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID()).json")

    /// Writes the session the app test performs: `Add(n: 2)`, which sends `.add(2)`.
    init() throws {
        let script = AppTestScript(
            store: "app", initialState: try json(Tally()),
            steps: [.init(command: "Add(n: 2)", intents: [try json(TallyIntent.add(2))], state: try json(Tally(count: 2)))])
        try JSONEncoder().encode(script).write(to: recordedSession)
    }

    @Test func theRecordedSessionStillPasses() async throws {
        let app = try DemoApp(databasePath: temporaryDatabase) { _ in }
        app.start()
        let script = try JSONDecoder().decode(AppTestScript.self, from: Data(contentsOf: recordedSession))
        let report = await AppTest(script, store: app.store, commands: app.commandManager, root: app.rootCoordinator)
            .run()
        #expect(report.differences.isEmpty)
    }

    @Test func theSpyRemembersEachDispatchedActionType() throws {
        let router = ActionRouter(name: "Spied")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in }

        let spy = ActionSpy()
        dispatcher.middlewares.append(spy)
        try ShowProfile(id: 3).send(to: router)
        #expect(spy.dispatched.map(\.shortName) == ["ShowProfile"])
    }
}
