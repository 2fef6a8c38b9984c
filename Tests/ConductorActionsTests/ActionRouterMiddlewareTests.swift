import ConductorActions
import Testing

/// Remembers what passed through it and what came of it.
@MainActor
private final class Tap: ActionMiddleware {
    var seen: [String] = []

    func intercept<A: Action>(
        _ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        do {
            let result = try next(action)
            seen.append("\(context.action.shortName) by \(context.dispatcher)")
            return result
        } catch {
            seen.append(
                "\(context.action.shortName) failed: \((error as? ActionError).map { "\($0)".prefix(12) } ?? "")")
            throw error
        }
    }

    func intercept<A: AsyncAction>(
        _ action: A, context: DispatchContext, next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        let result = try await next(action)
        seen.append("\(context.action.shortName) by \(context.dispatcher)")
        return result
    }
}

@MainActor
struct ActionRouterMiddlewareTests {
    @Test func routerMiddlewareSeesEverySendWhicheverDispatcherHandlesIt() async throws {
        let router = makeRouter()
        let profiles = ActionDispatcher(name: "Profiles", router: router)
        let users = ActionDispatcher(name: "Users", router: router)
        try profiles.register(ShowProfile.self) { _ in }
        try users.register(FetchUser.self) { User(id: $0.id, name: "") }
        let tap = Tap()
        router.middlewares = [tap]
        try ShowProfile(id: 1).send(to: router)
        _ = try await FetchUser(id: 2).send(to: router)
        #expect(tap.seen == ["ShowProfile by Profiles", "FetchUser by Users"])
    }

    @Test func anUnhandledSendPassesThroughWithItsErrorAndNoDispatcher() throws {
        let router = makeRouter()
        let tap = Tap()
        router.middlewares = [tap]
        #expect(throws: ActionError.self) { try Increment().send(to: router) }
        #expect(tap.seen.count == 1)
        #expect(tap.seen[0].hasPrefix("Increment failed: "))
    }

    @Test func routerMiddlewareRunsOutsideTheDispatchersOwn() throws {
        final class Order: ActionMiddleware {
            let name: String
            let log: (String) -> Void
            init(_ name: String, _ log: @escaping (String) -> Void) {
                self.name = name
                self.log = log
            }
            func intercept<A: Action>(
                _ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType
            ) throws -> A.ReturnType {
                log("\(name) in")
                defer { log("\(name) out") }
                return try next(action)
            }
        }
        var log: [String] = []
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in log.append("handler") }
        dispatcher.middlewares = [Order("dispatcher") { log.append($0) }]
        router.middlewares = [Order("router") { log.append($0) }]
        try ShowProfile(id: 1).send(to: router)
        #expect(log == ["router in", "dispatcher in", "handler", "dispatcher out", "router out"])
    }
}
