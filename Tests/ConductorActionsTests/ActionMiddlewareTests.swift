import ConductorActions
import Testing

/// Appends "name>" before and "<name" after each dispatch to a shared log.
@MainActor
final class Tracer: ActionMiddleware {
    let name: String
    let log: Log
    init(_ name: String, _ log: Log) {
        self.name = name
        self.log = log
    }
    func intercept<A: Action>(_ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType) throws
        -> A.ReturnType
    {
        log.entries.append("\(name)>")
        defer { log.entries.append("<\(name)") }
        return try next(action)
    }
    func intercept<A: AsyncAction>(
        _ action: A, context: DispatchContext, next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        log.entries.append("\(name)>")
        defer { log.entries.append("<\(name)") }
        return try await next(action)
    }
}

@MainActor
final class Log { var entries: [String] = [] }

/// Answers MultiplyByTwo itself with -1 and never calls the handler.
struct ShortCircuit: ActionMiddleware {
    func intercept<A: Action>(_ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType) throws
        -> A.ReturnType
    {
        if let answer = -1 as? A.ReturnType, A.self == MultiplyByTwo.self { return answer }
        return try next(action)
    }
}

/// Replaces failures of the handler with a fallback user.
struct Recover: ActionMiddleware {
    func intercept<A: AsyncAction>(
        _ action: A, context: DispatchContext, next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        do { return try await next(action) } catch {
            guard let fallback = User(id: 0, name: "fallback") as? A.ReturnType else { throw error }
            return fallback
        }
    }
}

@MainActor
struct ActionMiddlewareTests {
    @Test func middlewareRunsInOrderAroundTheHandler() throws {
        let log = Log()
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [Tracer("outer", log), Tracer("inner", log)]
        try dispatcher.register(ShowProfile.self) { _ in log.entries.append("handler") }
        try dispatcher.dispatch(ShowProfile(id: 1))
        #expect(log.entries == ["outer>", "inner>", "handler", "<inner", "<outer"])
    }

    @Test func asyncMiddlewareRunsInOrderAroundTheHandler() async throws {
        let log = Log()
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [Tracer("outer", log), Tracer("inner", log)]
        try dispatcher.register(Ping.self) { _ in log.entries.append("handler") }
        try await dispatcher.dispatch(Ping())
        #expect(log.entries == ["outer>", "inner>", "handler", "<inner", "<outer"])
    }

    @Test func middlewareAlsoRunsForRoutedSends() throws {
        let log = Log()
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        dispatcher.middlewares.append(Tracer("m", log))
        try dispatcher.register(ShowProfile.self) { _ in }
        try ShowProfile(id: 1).send(to: router)
        #expect(log.entries == ["m>", "<m"])
    }

    @Test func middlewareSeesFailures() throws {
        let log = Log()
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [Tracer("m", log)]
        try dispatcher.register(Failing.self) { _ in throw Boom() }
        #expect(throws: Boom.self) { try dispatcher.dispatch(Failing()) }
        #expect(log.entries == ["m>", "<m"])
    }

    @Test func middlewareCanShortCircuit() throws {
        let dispatcher = ActionDispatcher(router: nil)
        var handled = false
        dispatcher.middlewares = [ShortCircuit()]
        try dispatcher.register(MultiplyByTwo.self) { action in
            handled = true
            return action.value * 2
        }
        #expect(try dispatcher.dispatch(MultiplyByTwo(value: 4)) == -1)
        #expect(!handled)
    }

    @Test func middlewareCanReplaceAFailureWithAResult() async throws {
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [Recover()]
        try dispatcher.register(FetchUser.self) { _ in throw Boom() }
        #expect(try await dispatcher.dispatch(FetchUser(id: 1)).name == "fallback")
    }

    @Test func middlewareSeesTheReleasedDispatcherError() async throws {
        let router = makeRouter()
        let gate = Gate()
        var dispatcher: ActionDispatcher? = ActionDispatcher(router: router)
        dispatcher?.middlewares = [Recover()]
        try dispatcher?.register(FetchUser.self) { _ in
            await gate.wait()
            return User(id: 1, name: "late")
        }
        let sending = Task { try await FetchUser(id: 1).send(to: router) }
        await gate.untilArrivals(1)
        dispatcher = nil
        #expect(try await sending.value.name == "fallback")
        gate.open()
    }

    @Test func contextNamesTheActionAndTheDispatcher() {
        let context = DispatchContext(action: ActionKey(ShowProfile.self), dispatcher: "D")
        #expect(context.description == "ConductorActionsTests.ShowProfile → D")
    }
}
