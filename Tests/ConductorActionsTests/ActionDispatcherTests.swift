import ConductorActions
import Testing

@MainActor
struct ActionDispatcherTests {
    @Test func dispatchReturnsTheHandlersResult() throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(MultiplyByTwo.self) { $0.value * 2 }
        #expect(try dispatcher.dispatch(MultiplyByTwo(value: 21)) == 42)
    }

    @Test func dispatchRunsAVoidHandlerWithTheAction() throws {
        let dispatcher = ActionDispatcher(router: nil)
        var seen: [Int] = []
        try dispatcher.register(ShowProfile.self) { seen.append($0.id) }
        try dispatcher.dispatch(ShowProfile(id: 3))
        try dispatcher.dispatch(ShowProfile(id: 4))
        #expect(seen == [3, 4])
    }

    @Test func asyncDispatchAwaitsTheHandler() async throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(FetchUser.self) { action in
            try await Task.sleep(for: .milliseconds(1))
            return User(id: action.id, name: "user \(action.id)")
        }
        #expect(try await dispatcher.dispatch(FetchUser(id: 7)) == User(id: 7, name: "user 7"))
    }

    @Test func asyncHandlerErrorsReachTheCaller() async throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(Ping.self) { _ in throw Boom() }
        await #expect(throws: Boom.self) { try await dispatcher.dispatch(Ping()) }
    }

    @Test func syncHandlerErrorsReachTheCaller() throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(Failing.self) { _ in throw Boom() }
        #expect(throws: Boom.self) { try dispatcher.dispatch(Failing()) }
    }

    @Test func completionFormDeliversTheResult() async throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(FetchUser.self) { User(id: $0.id, name: "x") }
        let result = await withCheckedContinuation { continuation in
            dispatcher.dispatch(FetchUser(id: 1)) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == User(id: 1, name: "x"))
    }

    @Test func handlerObjectsAreRegisteredForTheirActionType() async throws {
        struct Doubler: ActionHandler {
            func handle(action: MultiplyByTwo) -> Int { action.value * 2 }
        }
        struct Fetcher: AsyncActionHandler {
            func handle(action: FetchUser) async throws -> User { User(id: action.id, name: "fetched") }
        }
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(handler: Doubler())
        try dispatcher.register(handler: Fetcher())
        #expect(try dispatcher.dispatch(MultiplyByTwo(value: 5)) == 10)
        #expect(try await dispatcher.dispatch(FetchUser(id: 2)).name == "fetched")
    }

    @Test func registeringATypeTwiceThrowsAndKeepsTheFirstHandler() throws {
        let dispatcher = ActionDispatcher(name: "Profile", router: nil)
        try dispatcher.register(MultiplyByTwo.self) { $0.value * 2 }
        #expect(
            throws: ActionError.duplicateHandler(
                action: String(reflecting: MultiplyByTwo.self), existing: "Profile", rejected: "Profile", router: nil)
        ) {
            try dispatcher.register(MultiplyByTwo.self) { $0.value * 3 }
        }
        #expect(try dispatcher.dispatch(MultiplyByTwo(value: 1)) == 2)
    }

    @Test func duplicateMessageNamesTheActionAndTheDispatcher() throws {
        let dispatcher = ActionDispatcher(name: "Profile", router: nil)
        try dispatcher.register(Increment.self) { _ in }
        do {
            try dispatcher.register(Increment.self) { _ in }
            Issue.record("expected a duplicate error")
        } catch {
            #expect(error.description.contains("Increment"))
            #expect(error.description.contains("'Profile'"))
            #expect(error.description.contains("unregister(Increment.self)"))
        }
    }

    @Test func dispatchingAnUnregisteredTypeThrowsNotRegistered() {
        let dispatcher = ActionDispatcher(name: "Empty", router: nil)
        #expect(throws: ActionError.notRegistered(action: String(reflecting: Increment.self), dispatcher: "Empty")) {
            try dispatcher.dispatch(Increment())
        }
    }

    @Test func supportsAndRegisteredActionsReflectRegistrations() throws {
        let dispatcher = ActionDispatcher(router: nil)
        #expect(!dispatcher.supports(ShowProfile.self))
        try dispatcher.register(ShowProfile.self) { _ in }
        try dispatcher.register(FetchUser.self) { User(id: $0.id, name: "") }
        #expect(dispatcher.supports(ShowProfile.self))
        #expect(dispatcher.supports(FetchUser.self))
        #expect(!dispatcher.supports(Ping.self))
        #expect(dispatcher.registeredActions.map(\.shortName) == ["FetchUser", "ShowProfile"])
        #expect(dispatcher.registeredActions.map(\.isAsync) == [true, false])
    }

    @Test func unregisterRemovesTheHandlerAndAllowsANewOne() throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(MultiplyByTwo.self) { $0.value * 2 }
        #expect(dispatcher.unregister(MultiplyByTwo.self))
        #expect(!dispatcher.unregister(MultiplyByTwo.self))
        #expect(!dispatcher.supports(MultiplyByTwo.self))
        try dispatcher.register(MultiplyByTwo.self) { $0.value * 3 }
        #expect(try dispatcher.dispatch(MultiplyByTwo(value: 1)) == 3)
    }

    @Test func unregisterAllEmptiesTheDispatcherAndItsRoutes() throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in }
        try dispatcher.register(Ping.self) { _ in }
        dispatcher.unregisterAll()
        #expect(dispatcher.registeredActions.isEmpty)
        #expect(router.registeredActions.isEmpty)
    }

    @Test func defaultNameSaysWhereTheDispatcherWasCreated() {
        let dispatcher = ActionDispatcher(router: nil)
        #expect(dispatcher.name.hasPrefix("ActionDispatcher@ActionDispatcherTests.swift:"))
    }

    @Test func releasedDispatcherIsDeallocated() throws {
        weak var weakDispatcher: ActionDispatcher?
        do {
            let dispatcher = ActionDispatcher(router: makeRouter())
            try dispatcher.register(ShowProfile.self) { _ in }
            try dispatcher.register(Ping.self) { _ in }
            weakDispatcher = dispatcher
        }
        #expect(weakDispatcher == nil)
    }

    @Test func releasingTheDispatcherFailsItsInFlightAsyncAction() async throws {
        let router = makeRouter()
        let gate = Gate()
        var dispatcher: ActionDispatcher? = ActionDispatcher(name: "Doomed", router: router)
        try dispatcher?.register(Ping.self) { _ in await gate.wait() }
        let sending = Task { try await Ping().send(to: router) }
        await gate.untilArrivals(1)
        weak let weakDispatcher = dispatcher
        dispatcher = nil
        #expect(weakDispatcher == nil)
        let outcome = await sending.result
        #expect(throws: ActionError.dispatcherReleased(action: String(reflecting: Ping.self), dispatcher: "Doomed")) {
            try outcome.get()
        }
        #expect(!router.isRegistered(Ping.self))
        gate.open()
    }

    @Test func cancellingTheSenderCancelsTheHandler() async throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(Ping.self) { _ in try await Task.sleep(for: .seconds(60)) }
        let sending = Task { try await dispatcher.dispatch(Ping()) }
        sending.cancel()
        await #expect(throws: CancellationError.self) { try await sending.value }
    }
}
