import Conductor
import Testing

/// Many tasks sending through the router, the store and the command manager while dispatchers, subscriptions,
/// providers and coordinators come and go. Bounded (a few seconds in a debug build); every count is exact. Run with
/// ThreadSanitizer by `.ci/run`.
@MainActor
@Suite(.serialized)
struct StressTests {
    nonisolated static let senders = 40
    nonisolated static let sendsPerSender = 250

    struct Ping: Action {}
    struct Churn: Action { let round: Int }
    struct Echo: AsyncAction {
        typealias ReturnType = Int
        let value: Int
    }

    final class Counter {
        var value = 0
    }

    @Test func routedSendsAreCountedExactlyWhileDispatchersComeAndGo() async throws {
        let router = ActionRouter(name: "stress")
        let pings = Counter()
        let churns = Counter()
        let stable = ActionDispatcher(name: "stable", router: router)
        try stable.register(Ping.self) { _ in pings.value += 1 }
        try stable.register(Echo.self) { action in
            await Task.yield()
            return action.value
        }
        let rounds = 2_000
        let churn = Task {
            for round in 0..<rounds {
                let dispatcher = ActionDispatcher(name: "churn \(round)", router: router)
                try dispatcher.register(Churn.self) { _ in churns.value += 1 }
                try Churn(round: round).send(to: router)
                if round % 10 == 0 { await Task.yield() }
            }
        }
        var echoed = 0
        try await withThrowingTaskGroup(of: Int.self) { group in
            for sender in 0..<Self.senders {
                group.addTask {
                    var sum = 0
                    for index in 0..<Self.sendsPerSender {
                        try await MainActor.run { _ = try router.send(Ping()) }
                        if index % 5 == 0 { sum += try await Echo(value: sender).send(to: router) }
                    }
                    return sum
                }
            }
            for try await sum in group { echoed += sum }
        }
        try await churn.value
        #expect(pings.value == Self.senders * Self.sendsPerSender)
        #expect(churns.value == rounds)
        #expect(echoed == (0..<Self.senders).reduce(0, +) * (Self.sendsPerSender / 5))
        #expect(!router.isRegistered(Churn.self))
        #expect(router.dispatchers.map(\.name) == ["stable"])
    }

    struct Tally: Equatable, Sendable {
        var count = 0
        var echoes = 0
    }
    enum TallyIntent: Intent { case add, echoed }
    enum TallyEffect: Effect { case echo }

    @Test func storeSendsAndEffectsAreCountedExactlyWhileSubscriptionsComeAndGo() async throws {
        let store = Store(state: Tally()) { (state: inout Tally, intent: TallyIntent) -> [TallyEffect] in
            switch intent {
            case .add:
                state.count += 1
                return state.count % 3 == 0 ? [.echo] : []
            case .echoed:
                state.echoes += 1
                return []
            }
        }
        // A nonisolated handler: runs off the main actor and hops back to send.
        store.addEffectHandler { _, send in await send(.echoed) }
        let seen = Counter()
        let keeper = store.subscribe(\.count) { seen.value = $0 }
        var churned = 0
        let churn = Task {
            for round in 0..<1_000 {
                let token = store.subscribe(selector: { $0.count }) { _ in churned += 1 }
                if round % 2 == 0 { token.cancel() }
                await Task.yield()
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.senders {
                group.addTask {
                    for _ in 0..<Self.sendsPerSender { await store.send(.add) }
                }
            }
        }
        await churn.value
        let total = Self.senders * Self.sendsPerSender
        #expect(await store.waitForEffects(timeout: .seconds(30)))
        #expect(store.state.count == total)
        #expect(store.state.echoes == total / 3)
        #expect(seen.value == total)
        #expect(churned >= 1_000)
        #expect(store.subscriptionCount == 1)
        _ = keeper
    }

    final class CountingCommand: Command {
        var performed = 0
        var identifier: String { "Count" }
        func perform(context: CommandContext) async throws {
            await Task.yield()
            performed += 1
        }
    }

    final class Provider: CommandContextProvider, CommandResponder {
        var nextCommandResponder: (any CommandResponder)?
        func provide(context: CommandContext) throws { context.append("p", to: .trail) }
    }

    @Test func commandsPerformedConcurrentlyAreCountedExactlyWhileProvidersComeAndGo() async throws {
        let manager = CommandManager()
        let command = CountingCommand()
        try manager.register(command)
        // Tasks on the main actor, interleaving wherever a command suspends.
        let performers = (0..<Self.senders).map { sender in
            Task {
                for index in 0..<(Self.sendsPerSender / 5) {
                    let provider = Provider()
                    if index % 2 == 0 { provider.nextCommandResponder = Provider() }
                    try await manager.perform(
                        identifier: "menu.Count(sender: \(sender), index: \(index))", sender: provider)
                }
            }
        }
        for performer in performers { try await performer.value }
        #expect(command.performed == Self.senders * (Self.sendsPerSender / 5))
    }

    final class Flow: FlowCoordinator<Int> {}

    @Test func childFlowsStartedAndFinishedConcurrentlyAreAllReleased() async throws {
        let root = BaseCoordinator(actionRouter: nil)
        var finished = 0
        var released: [() -> Bool] = []
        let flows = (0..<200).map { _ in
            Task {
                let child = Flow(actionRouter: nil)
                weak let weakChild = child
                released.append { weakChild == nil }
                do {
                    try root.startChild(child) { output in finished += output }
                } catch {
                    Issue.record(error)
                }
                await Task.yield()
                child.finish(with: 1)
            }
        }
        for flow in flows { await flow.value }
        #expect(finished == 200)
        #expect(root.childCoordinators.isEmpty)
        #expect(released.allSatisfy { $0() })
    }
}

extension CommandKey where Value == [String] {
    static var trail: Self { Self("trail") }
}
