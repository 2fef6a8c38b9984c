// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorActions' doc comments, compiled and run. An example that declares its actions declares
// them in its function; the others send the file's.
import ConductorActions
import Dispatch
import Foundation
import Logging
import Testing

private struct ShowProfile: Action, Codable { let id: Int }
private struct MultiplyByTwo: Action {
    typealias ReturnType = Int
    let value: Int
}
private struct User: Sendable, Equatable { let id: Int }
private struct FetchUser: AsyncAction, Codable {
    typealias ReturnType = User
    let id: Int
}

private struct API: Sendable {
    func user(_ id: Int) async throws -> User { User(id: id) }
}
private let api = API()

/// What the examples' handlers and completions were given.
@MainActor private var shown: [Int] = []
@MainActor private func showProfile(_ id: Int) { shown.append(id) }
@MainActor private func show(_ user: User) { shown.append(user.id) }
@MainActor private func log(_ error: any Error) { Issue.record(error) }

/// A dispatcher on the shared router that handles the file's actions.
@MainActor private func profileDispatcher() throws -> ActionDispatcher {
    let dispatcher = ActionDispatcher(name: "Profile")
    try dispatcher.register(ShowProfile.self) { action in showProfile(action.id) }
    try dispatcher.register(MultiplyByTwo.self) { action in action.value * 2 }
    try dispatcher.register(FetchUser.self) { action in try await api.user(action.id) }
    return dispatcher
}

/// Waits, a little at a time, until `shown` holds `count` values.
@MainActor private func waitUntilShown(_ count: Int) async throws {
    for _ in 0..<500 where shown.count < count { try await Task.sleep(for: .milliseconds(2)) }
}

@MainActor
@Suite(.serialized) struct ConductorActionsDocCommentTests {
    init() { shown = [] }

    @Test func sendingAnActionReachesItsHandlerAndReturnsItsResult() throws {
        let dispatcher = try profileDispatcher()

        try ShowProfile(id: 3).send()
        let doubled = try MultiplyByTwo(value: 4).send()

        #expect(doubled == 8)
        #expect(shown == [3])
        _ = dispatcher
    }

    @Test func anActionDeclaredWithItsReturnTypeSendsAndReturns() throws {
        let dispatcher = ActionDispatcher(name: "Declared")
        try dispatcher.register(ShowProfile.self) { action in showProfile(action.id) }
        try dispatcher.register(MultiplyByTwo.self) { action in action.value * 2 }

        struct ShowProfile: Action { let id: Int }
        struct MultiplyByTwo: Action {
            typealias ReturnType = Int
            let value: Int
        }

        try ShowProfile(id: 3).send()
        let eight = try MultiplyByTwo(value: 4).send()

        #expect(eight == 8)
        #expect(shown == [3])
    }

    @Test func postingFromABackgroundQueueSendsOnTheMainActor() async throws {
        let dispatcher = try profileDispatcher()

        DispatchQueue.global().async {
            ShowProfile(id: 3).post { error in log(error) }
        }

        try await waitUntilShown(1)
        #expect(shown == [3])
        _ = dispatcher
    }

    @Test func anAsyncActionReturnsItsHandlersResultOrPassesItToTheCompletion() async throws {
        let dispatcher = try profileDispatcher()

        let user = try await FetchUser(id: 3).send()

        FetchUser(id: 3).send { result in
            if case .success(let user) = result { show(user) }
        }

        try await waitUntilShown(1)
        #expect(user == User(id: 3))
        #expect(shown == [3])
        _ = dispatcher
    }

    @Test func anAsyncActionDeclaredWithItsReturnTypeSends() async throws {
        let dispatcher = ActionDispatcher(name: "Declared")
        try dispatcher.register(FetchUser.self) { action in User(id: action.id) }

        struct FetchUser: AsyncAction {
            typealias ReturnType = User
            let id: Int
        }

        let user = try await FetchUser(id: 3).send()
        FetchUser(id: 3).send { result in print(result) }

        #expect(user == User(id: 3))
        _ = dispatcher
    }

    @Test func aDispatcherRunsItsHandlersDirectlyAndThroughTheRouter() async throws {
        let dispatcher = ActionDispatcher(name: "Profile")
        try dispatcher.register(ShowProfile.self) { action in showProfile(action.id) }
        try dispatcher.register(FetchUser.self) { action in try await api.user(action.id) }

        try dispatcher.dispatch(ShowProfile(id: 3))      // directly
        try ShowProfile(id: 3).send()                    // or through the router

        #expect(shown == [3, 3])
        #expect(try await dispatcher.dispatch(FetchUser(id: 4)) == User(id: 4))
    }

    @Test func aHandlerObjectAndMiddlewareRunForEachDispatch() throws {
        let dispatcher = ActionDispatcher(router: nil)

        struct Doubler: ActionHandler {
            func handle(action: MultiplyByTwo) -> Int { action.value * 2 }
        }
        try dispatcher.register(handler: Doubler())

        struct Timing: ActionMiddleware {
            func intercept<A: Action>(
                _ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType
            ) throws -> A.ReturnType {
                let start = ContinuousClock.now
                defer { print(context.action.shortName, ContinuousClock.now - start) }
                return try next(action)
            }
        }
        dispatcher.middlewares.append(Timing())

        dispatcher.middlewares.append(LoggingActionMiddleware(logger: Logger(label: "app.actions")))

        #expect(try dispatcher.dispatch(MultiplyByTwo(value: 4)) == 8)
        #expect(dispatcher.middlewares.count == 2)
    }

    @Test func aRecordingWrittenToAFileReplaysIntoARouter() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("actions-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let router = ActionRouter(name: "Recorded")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { action in showProfile(action.id) }
        try dispatcher.register(FetchUser.self) { action in try await api.user(action.id) }

        let recorder = ActionRecorder()
        dispatcher.middlewares.append(recorder)
        // … use the app …
        try recorder.log.recording.write(to: url, atomically: true, encoding: .utf8)

        #expect(try String(contentsOf: url, encoding: .utf8) == "")
        try ShowProfile(id: 3).send(to: router)
        _ = try await FetchUser(id: 4).send(to: router)
        let recording = recorder.log.recording

        var replayer = ActionReplayer()
        replayer.register(ShowProfile.self)
        replayer.register(FetchUser.self)
        let report = try await replayer.replay(recording, into: router)

        #expect(report.replayed == 2)
        #expect(shown == [3, 3])
    }

    @Test func anIndependentRouterRoutesToItsOwnDispatchers() throws {
        let router = ActionRouter(name: "Tests")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in }
        try ShowProfile(id: 3).send(to: router)

        #expect(router.isRegistered(ShowProfile.self))
        #expect(!ActionRouter.shared.isRegistered(ShowProfile.self))
    }
}
