import Conductor
import Foundation
import Testing

/// Many tasks sending through the router, the store and the command manager while dispatchers, subscriptions,
/// providers and coordinators come and go; every count is exact. Run with ThreadSanitizer by `.ci/run`.
///
/// ## Duration
///
/// Each test repeats its scenario in rounds — fresh objects each round, every count checked exactly at the end of
/// each round — until its share of the target's running time has passed, and always runs at least one round. The
/// target's running time is read from the environment variable `CONDUCTOR_STRESS_SECONDS`, in seconds (a decimal
/// number greater than 0; 2 when unset or empty), and is shared equally by the four tests: `swift test` spends about
/// 2 s here, `CONDUCTOR_STRESS_SECONDS=600 swift test --filter ConductorStressTests` ten minutes. A value that is
/// not a positive number fails every test rather than being ignored. One round of all four takes about 0.2 s in a
/// debug build; a filtered run of one test still gets only its share.
@MainActor
@Suite(.serialized)
struct StressTests {
    nonisolated static let senders = 40
    nonisolated static let sendsPerSender = 250

    /// The environment variable holding the target's running time in seconds.
    nonisolated static let durationVariable = "CONDUCTOR_STRESS_SECONDS"
    /// The target's running time when the variable is unset or empty.
    nonisolated static let defaultSeconds = 2.0
    /// How many tests share the running time.
    nonisolated static let testCount = 4

    struct InvalidDuration: Error, CustomStringConvertible {
        let value: String
        var description: String {
            "\(StressTests.durationVariable) is '\(value)'; set it to a number of seconds greater than 0, such as 2 "
                + "or 0.5, or leave it unset for \(StressTests.defaultSeconds)"
        }
    }

    /// The target's running time, from ``durationVariable``.
    nonisolated static func targetSeconds() throws -> Double {
        let value = ProcessInfo.processInfo.environment[durationVariable] ?? ""
        guard !value.isEmpty else { return defaultSeconds }
        guard let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds > 0 else {
            throw InvalidDuration(value: value)
        }
        return seconds
    }

    /// Runs `round` with 0, 1, 2, … until this test's share of the running time has passed, at least once. A round
    /// returns checks that its objects are gone (weak references): each must hold once the round has returned, so
    /// nothing a round made outlives it. A round that throws (a failed `#require`) ends the test with its error.
    func repeatUntilDeadline(_ round: @MainActor (Int) async throws -> [() -> Bool]) async throws {
        let share = try Self.targetSeconds() / Double(Self.testCount)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(share)
        var rounds = 0
        repeat {
            let released = try await round(rounds)
            try #require(!released.isEmpty && released.allSatisfy { $0() }, "round \(rounds): an object outlived it")
            rounds += 1
        } while clock.now < deadline
    }

    struct Ping: Action {}
    struct Churn: Action { let round: Int }
    struct Echo: AsyncAction {
        typealias ReturnType = Int
        let value: Int
    }

    final class Counter {
        var value = 0
    }

    @Test func theDurationIsReadFromTheEnvironmentAndABadValueIsAnError() throws {
        #expect(try Self.targetSeconds() > 0)
        #expect(InvalidDuration(value: "soon").description.hasPrefix("CONDUCTOR_STRESS_SECONDS is 'soon'"))
    }

    @Test func routedSendsAreCountedExactlyWhileDispatchersComeAndGo() async throws {
        try await repeatUntilDeadline { round in try await routedSendsRound(round) }
    }

    private func routedSendsRound(_ round: Int) async throws -> [() -> Bool] {
        let router = ActionRouter(name: "stress")
        let pings = Counter()
        let churns = Counter()
        let stable = ActionDispatcher(name: "stable", router: router)
        try stable.register(Ping.self) { _ in pings.value += 1 }
        try stable.register(Echo.self) { action in
            await Task.yield()
            return action.value
        }
        let churnRounds = 2_000
        let churn = Task {
            for churnRound in 0..<churnRounds {
                let dispatcher = ActionDispatcher(name: "churn \(churnRound)", router: router)
                try dispatcher.register(Churn.self) { _ in churns.value += 1 }
                try Churn(round: churnRound).send(to: router)
                if churnRound % 10 == 0 { await Task.yield() }
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
        try #require(pings.value == Self.senders * Self.sendsPerSender, "round \(round)")
        try #require(churns.value == churnRounds, "round \(round)")
        try #require(echoed == (0..<Self.senders).reduce(0, +) * (Self.sendsPerSender / 5), "round \(round)")
        try #require(!router.isRegistered(Churn.self), "round \(round)")
        try #require(router.dispatchers.map(\.name) == ["stable"], "round \(round)")
        return [{ [weak router] in router == nil }, { [weak stable] in stable == nil }]
    }

    struct Tally: Equatable, Sendable {
        var count = 0
        var echoes = 0
    }
    enum TallyIntent: Intent { case add, echoed }
    enum TallyEffect: Effect { case echo }

    @Test func storeSendsAndEffectsAreCountedExactlyWhileSubscriptionsComeAndGo() async throws {
        try await repeatUntilDeadline { round in try await storeRound(round) }
    }

    private func storeRound(_ round: Int) async throws -> [() -> Bool] {
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
        store.add(effectHandler: ClosureEffectHandler { _, send in await send(.echoed) })
        let seen = Counter()
        let keeper = store.subscribe(\.count) { seen.value = $0 }
        var churned = 0
        let churn = Task {
            for churnRound in 0..<1_000 {
                let token = store.subscribe(selector: { $0.count }) { _ in churned += 1 }
                if churnRound % 2 == 0 { token.cancel() }
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
        let settled = await store.waitForEffects(timeout: .seconds(120))
        try #require(settled, "round \(round)")
        try #require(store.state.count == total, "round \(round)")
        try #require(store.state.echoes == total / 3, "round \(round)")
        try #require(seen.value == total, "round \(round)")
        try #require(churned >= 1_000, "round \(round)")
        try #require(store.subscriptionCount == 1, "round \(round)")
        keeper.cancel()
        return [{ [weak store] in store == nil }]
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
        try await repeatUntilDeadline { round in try await commandsRound(round) }
    }

    private func commandsRound(_ round: Int) async throws -> [() -> Bool] {
        let manager = CommandManager()
        let command = CountingCommand()
        manager.register(command)
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
        try #require(command.performed == Self.senders * (Self.sendsPerSender / 5), "round \(round)")
        return [{ [weak manager] in manager == nil }, { [weak command] in command == nil }]
    }

    final class Flow: FlowCoordinator<Int> {}

    @Test func childFlowsStartedAndFinishedConcurrentlyAreAllReleased() async throws {
        try await repeatUntilDeadline { round in try await flowsRound(round) }
    }

    private func flowsRound(_ round: Int) async throws -> [() -> Bool] {
        let root = BaseCoordinator(actionRouter: nil)
        var finished = 0
        var released: [() -> Bool] = []
        let flows = (0..<200).map { _ in
            Task {
                let child = Flow(actionRouter: nil)
                weak let weakChild = child
                released.append { weakChild == nil }
                #expect(root.startChild(child) { output in finished += output })
                await Task.yield()
                child.finish(with: 1)
            }
        }
        for flow in flows { await flow.value }
        try #require(finished == 200, "round \(round)")
        try #require(root.childCoordinators.isEmpty, "round \(round)")
        try #require(released.allSatisfy { $0() }, "round \(round)")
        return [{ [weak root] in root == nil }]
    }
}

extension CommandKey where Value == [String] {
    static var trail: Self { Self("trail") }
}
