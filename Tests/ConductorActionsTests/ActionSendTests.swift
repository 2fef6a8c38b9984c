import ConductorActions
import Testing

@MainActor
struct ActionSendTests {
    @Test func sendReachesTheHandlerThroughTheGivenRouter() throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        var shown: Int?
        try dispatcher.register(ShowProfile.self) { shown = $0.id }
        try ShowProfile(id: 3).send(to: router)
        #expect(shown == 3)
        #expect(throws: ActionError.self) { try MultiplyByTwo(value: 1).send(to: router) }
    }

    @Test func asyncSendReturnsTheHandlersResult() async throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(FetchUser.self) { User(id: $0.id, name: "Ada") }
        let user = try await FetchUser(id: 3).send(to: router)
        #expect(user == User(id: 3, name: "Ada"))
    }

    @Test func completionFormDeliversSuccessOnTheMainActor() async throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(FetchUser.self) { User(id: $0.id, name: "Ada") }
        let result = await withCheckedContinuation { continuation in
            FetchUser(id: 3).send(to: router) { result in
                MainActor.assertIsolated()
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get() == User(id: 3, name: "Ada"))
    }

    @Test func completionFormDeliversTheUnhandledError() async {
        let router = makeRouter()
        let result = await withCheckedContinuation { continuation in
            FetchUser(id: 3).send(to: router) { continuation.resume(returning: $0) }
        }
        #expect(throws: ActionError.self) { try result.get() }
    }

    @Test func sendUsesTheSharedRouterByDefault() async throws {
        struct OnlyInSharedRouterTest: Action { typealias ReturnType = String }
        struct AsyncOnlyInSharedRouterTest: AsyncAction { typealias ReturnType = String }
        let dispatcher = ActionDispatcher()
        try dispatcher.register(OnlyInSharedRouterTest.self) { _ in "shared" }
        try dispatcher.register(AsyncOnlyInSharedRouterTest.self) { _ in "shared async" }
        #expect(dispatcher.router === ActionRouter.shared)
        #expect(try OnlyInSharedRouterTest().send() == "shared")
        #expect(try await AsyncOnlyInSharedRouterTest().send() == "shared async")
    }

    @Test func postingFromAnotherThreadSendsOnTheMainActorAndReportsErrors() async throws {
        struct Ping: Action {}
        let router = ActionRouter(name: "posts")
        let dispatcher = ActionDispatcher(name: "pings", router: router)
        var pings = 0
        try dispatcher.register(Ping.self) { _ in pings += 1 }
        let errors = ErrorBox()
        await Task.detached {
            await Ping().post(to: router) { errors.record($0) }.value
            struct Nobody: Action {}
            await Nobody().post(to: router) { errors.record($0) }.value
        }.value
        #expect(pings == 1)
        #expect(errors.recorded.count == 1)
        #expect(errors.recorded.first is ActionError)
    }
}

@MainActor
final class ErrorBox {
    private(set) var recorded: [any Error] = []
    func record(_ error: any Error) { recorded.append(error) }
}
