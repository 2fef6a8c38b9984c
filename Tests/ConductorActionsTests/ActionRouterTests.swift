import ConductorActions
import Testing

@MainActor
struct ActionRouterTests {
    @Test func routesToTheOnlyLiveDispatcherThatHandlesTheType() throws {
        let router = makeRouter()
        let profiles = ActionDispatcher(name: "Profiles", router: router)
        let math = ActionDispatcher(name: "Math", router: router)
        var shown: [Int] = []
        try profiles.register(ShowProfile.self) { shown.append($0.id) }
        try math.register(MultiplyByTwo.self) { $0.value * 2 }
        try router.send(ShowProfile(id: 3))
        #expect(try router.send(MultiplyByTwo(value: 4)) == 8)
        #expect(shown == [3])
        #expect(router.dispatcher(for: ShowProfile.self) === profiles)
        #expect(router.dispatcher(for: MultiplyByTwo.self) === math)
    }

    @Test func registeringOneTypeOnTwoDispatchersOfOneRouterThrows() throws {
        let router = makeRouter()
        let first = ActionDispatcher(name: "First", router: router)
        let second = ActionDispatcher(name: "Second", router: router)
        try first.register(ShowProfile.self) { _ in }
        let expected = ActionError.duplicateHandler(
            action: String(reflecting: ShowProfile.self), existing: "First", rejected: "Second", router: router.name)
        #expect(throws: expected) { try second.register(ShowProfile.self) { _ in } }
        #expect(!second.supports(ShowProfile.self))
        #expect(expected.description.contains("'First'") && expected.description.contains("'Second'"))
    }

    @Test func aSyncAndAnAsyncRegistrationOfOneTypeConflict() throws {
        struct Both: Action, AsyncAction {}
        let router = makeRouter()
        let first = ActionDispatcher(name: "First", router: router)
        let second = ActionDispatcher(name: "Second", router: router)
        try first.register(Both.self) { (_: Both) in }
        #expect(throws: ActionError.self) { try second.register(Both.self) { (_: Both) async in } }
        #expect(throws: ActionError.self) { try first.register(Both.self) { (_: Both) async in } }
    }

    @Test func sendingAnUnhandledActionThrowsNamingTheRouterAndItsDispatchers() throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(name: "Lonely", router: router)
        let expected = ActionError.unhandled(
            action: String(reflecting: Increment.self), router: router.name, dispatchers: ["Lonely"])
        #expect(throws: expected) { try router.send(Increment()) }
        #expect(expected.description.contains("Increment"))
        #expect(expected.description.contains("'Lonely'"))
        _ = dispatcher
    }

    @Test func sendingAnUnhandledAsyncActionThrows() async {
        let router = makeRouter()
        await #expect(
            throws: ActionError.unhandled(
                action: String(reflecting: Ping.self), router: router.name, dispatchers: [])
        ) {
            try await router.send(Ping())
        }
    }

    @Test func aReleasedDispatchersRoutesAreGone() throws {
        let router = makeRouter()
        weak var weakDispatcher: ActionDispatcher?
        do {
            let dispatcher = ActionDispatcher(name: "Short-lived", router: router)
            try dispatcher.register(ShowProfile.self) { _ in }
            try dispatcher.register(Ping.self) { _ in }
            weakDispatcher = dispatcher
            #expect(router.dispatcher(for: Ping.self) === dispatcher)
            #expect(router.isRegistered(ShowProfile.self))
            #expect(router.dispatchers.count == 1)
        }
        #expect(weakDispatcher == nil)
        #expect(!router.isRegistered(ShowProfile.self))
        #expect(!router.isRegistered(Ping.self))
        #expect(router.registeredActions.isEmpty)
        #expect(router.dispatchers.isEmpty)
        #expect(router.dispatcher(for: ShowProfile.self) == nil)
        #expect(router.dispatcher(for: Ping.self) == nil)
        #expect(throws: ActionError.self) { try router.send(ShowProfile(id: 1)) }
    }

    @Test func aTypeCanBeRegisteredAgainAfterItsDispatcherIsReleased() throws {
        let router = makeRouter()
        do {
            let first = ActionDispatcher(router: router)
            try first.register(MultiplyByTwo.self) { $0.value * 2 }
        }
        let second = ActionDispatcher(router: router)
        try second.register(MultiplyByTwo.self) { $0.value * 10 }
        #expect(try router.send(MultiplyByTwo(value: 1)) == 10)
    }

    @Test func handlersCapturedByAReleasedDispatcherAreReleased() throws {
        final class Screen {}
        let router = makeRouter()
        weak var weakScreen: Screen?
        do {
            let screen = Screen()
            weakScreen = screen
            let dispatcher = ActionDispatcher(router: router)
            try dispatcher.register(ShowProfile.self) { _ in _ = screen }
        }
        #expect(weakScreen == nil)
    }

    @Test func twoRoutersAreIsolatedFromEachOther() throws {
        let left = ActionRouter(name: "left")
        let right = ActionRouter(name: "right")
        let leftDispatcher = ActionDispatcher(router: left)
        let rightDispatcher = ActionDispatcher(router: right)
        try leftDispatcher.register(MultiplyByTwo.self) { $0.value * 2 }
        try rightDispatcher.register(MultiplyByTwo.self) { $0.value * 100 }
        #expect(try left.send(MultiplyByTwo(value: 1)) == 2)
        #expect(try right.send(MultiplyByTwo(value: 1)) == 100)
        #expect(left.dispatchers.map(\.name) == [leftDispatcher.name])
    }

    @Test func aDispatcherWithoutARouterIsNotRouted() throws {
        let dispatcher = ActionDispatcher(router: nil)
        try dispatcher.register(ShowProfile.self) { _ in }
        #expect(dispatcher.router == nil)
        #expect(try dispatcher.dispatch(ShowProfile(id: 1)) == ())
    }

    @Test func unregisteringRemovesTheRoute() throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(ShowProfile.self) { _ in }
        dispatcher.unregister(ShowProfile.self)
        #expect(!router.isRegistered(ShowProfile.self))
        let other = ActionDispatcher(router: router)
        try other.register(ShowProfile.self) { _ in }
        #expect(router.dispatcher(for: ShowProfile.self) === other)
    }

    @Test func manyConcurrentSendersAreCountedExactly() async throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        var syncCount = 0
        var asyncCount = 0
        try dispatcher.register(Increment.self) { _ in syncCount += 1 }
        try dispatcher.register(Ping.self) { _ in
            await Task.yield()
            asyncCount += 1
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { @Sendable in
                    for _ in 0..<50 {
                        try? await Increment().send(to: router)
                        try? await Ping().send(to: router)
                    }
                }
            }
        }
        #expect(syncCount == 5_000)
        #expect(asyncCount == 5_000)
    }

    @Test func sendingFromADetachedTaskHopsToTheMainActor() async throws {
        let router = makeRouter()
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(MultiplyByTwo.self) { action in
            MainActor.assertIsolated()
            return action.value * 2
        }
        let result = try await Task.detached { try await MultiplyByTwo(value: 8).send(to: router) }.value
        #expect(result == 16)
    }

    /// Joining once rebuilt the member table, so creating N dispatchers cost N² (20,000: 81 s). Counted in member
    /// slots visited, not in time.
    @Test func joiningIsAmortizedConstant() {
        let router = ActionRouter(name: "many")
        var live: [ActionDispatcher] = []
        for index in 0..<5_000 {
            let dispatcher = ActionDispatcher(name: "d\(index)", router: router)
            if index % 2 == 0 { live.append(dispatcher) }
        }
        #expect(router.memberSlotsScanned < 4 * 5_000)
        #expect(router.dispatchers.count == live.count)
    }
}
