// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of ConductorActions' articles (GettingStarted, MiddlewareAndRecording), compiled and run (scripts/check-docs keeps them in step).
import ConductorActions
import Foundation
import Logging
import Testing

private struct DeleteAccount: Action {}
private struct DemoModeError: Error {}

// MARK: GettingStarted.md

private struct ShowProfile: Action { let id: Int }

private struct MultiplyByTwo: Action {
    typealias ReturnType = Int
    let value: Int
}

private struct User: Sendable { let id: Int; let name: String }

private struct FetchUser: AsyncAction {
    typealias ReturnType = User
    let id: Int
}

@MainActor
private final class ProfileFeature {
    let dispatcher = ActionDispatcher(name: "Profile")
    private(set) var shown: [Int] = []

    init() throws {
        try dispatcher.register(ShowProfile.self) { [weak self] action in self?.shown.append(action.id) }
        try dispatcher.register(MultiplyByTwo.self) { $0.value * 2 }
        try dispatcher.register(FetchUser.self) { action in
            try await Task.sleep(for: .milliseconds(10))
            return User(id: action.id, name: "Ada")
        }
    }
}

// MARK: MiddlewareAndRecording.md

// Recording needs actions that are Codable; the article's actions are.
extension ShowProfile: Codable {}
extension FetchUser: Codable {}

private struct DenyInDemoMode: ActionMiddleware {
    let demoMode: Bool

    func intercept<A: Action>(
        _ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        if demoMode, A.self == DeleteAccount.self { throw DemoModeError() }  // short-circuit
        return try next(action)  // or pass on
    }
}

@MainActor
@Suite(.serialized)
struct ConductorActionsDocsTests {
    @Test func gettingStartedSendsThroughTheSharedRouter() async throws {
        let feature = try ProfileFeature()

        try ShowProfile(id: 3).send()  // through ActionRouter.shared
        let eight = try MultiplyByTwo(value: 4).send()
        let user = try await FetchUser(id: 3).send()
        FetchUser(id: 3).send { result in print(result) }  // completion form, on the main actor

        try feature.dispatcher.dispatch(ShowProfile(id: 4))  // or directly, without the router
        #expect(feature.shown == [3, 4] && eight == 8 && user.name == "Ada")
        try await Task.sleep(for: .milliseconds(50))
    }

    @Test func gettingStartedRegistersAHandlerObjectThroughItsMethod() throws {
        @MainActor final class Profiles {
            var shown: [Int] = []
            func show(_ action: ShowProfile) { shown.append(action.id) }
        }
        let profiles = Profiles()
        let dispatcher = ActionDispatcher(name: "profiles", router: nil)
        try dispatcher.register(ShowProfile.self, handler: profiles.show)
        try dispatcher.dispatch(ShowProfile(id: 5))
        #expect(profiles.shown == [5])
    }

    @Test func gettingStartedUsesAnIndependentRouterInTests() throws {
        let router = ActionRouter(name: "tests")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in }
        try ShowProfile(id: 1).send(to: router)
    }

    @Test func gettingStartedSendsFromAnotherTask() async throws {
        let feature = try ProfileFeature()
        let user = try await Task.detached { try await FetchUser(id: 3).send() }.value
        #expect(user.id == 3)
        _ = feature
    }

    @Test func middlewareShortCircuitsAndRecordingReplays() async throws {
        let router = ActionRouter(name: "docs")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(DeleteAccount.self) { _ in }
        try dispatcher.register(ShowProfile.self) { _ in }
        try dispatcher.register(FetchUser.self) { User(id: $0.id, name: "") }
        dispatcher.middlewares = [LoggingActionMiddleware(), DenyInDemoMode(demoMode: true)]
        #expect(throws: DemoModeError.self) { try dispatcher.dispatch(DeleteAccount()) }

        dispatcher.middlewares.append(
            LoggingActionMiddleware(logger: Logger(label: "app.actions"), level: .info, includesPayload: false)
        )

        let bugReportURL = FileManager.default.temporaryDirectory.appendingPathComponent("conductor-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: bugReportURL) }
        let reproduceTheBug = { try dispatcher.dispatch(ShowProfile(id: 1)) }
        let recorder = ActionRecorder()
        dispatcher.middlewares.append(recorder)
        try reproduceTheBug()  // the user's steps
        try recorder.log.recording.write(to: bugReportURL, atomically: true, encoding: .utf8)

        var replayer = ActionReplayer()
        replayer.register(ShowProfile.self)
        replayer.register(FetchUser.self)
        let report = try await replayer.replay(contentsOf: bugReportURL, into: router)
        #expect(report.replayed == 1)
    }
}
