import Conductor
import Testing

@MainActor
struct BaseCoordinatorStoreTests {
    struct Settings: Equatable, Sendable { var dark = false }
    struct AppState: Equatable, Sendable {
        var settings = Settings()
        var count = 0
    }
    enum SettingsIntent: Sendable { case toggle }
    enum AppIntent: Intent {
        case settings(SettingsIntent)
        case sync
    }
    enum AppEffect: Effect, Equatable {
        case sync
        var cancellationID: EffectID? { "sync" }
    }

    /// A child flow that owns a scoped store of its parent's.
    final class SettingsFlow: FlowCoordinator<Void> {
        let store: Store<Settings, SettingsIntent, Never>
        var seen: [Bool] = []
        init(store: Store<Settings, SettingsIntent, Never>) {
            self.store = store
            super.init(actionRouter: nil)
        }
        override func start() { observe(store, \.dark) { [unowned self] in seen.append($0) } }
    }

    func makeStore() -> Store<AppState, AppIntent, AppEffect> {
        Store(state: AppState()) { state, intent in
            switch intent {
            case .settings(.toggle):
                state.settings.dark.toggle()
                return []
            case .sync:
                return [.sync]
            }
        }
    }

    @Test func aFinishedFlowsSubscriptionsScopedStoreAndEffectsEnd() async throws {
        let store = makeStore()
        let started = Counter()
        store.add(
            effectHandler: ClosureEffectHandler { _, _ in
                await started.increment()
                try await Task.sleep(for: .seconds(60))
            })
        let root = BaseCoordinator(actionRouter: nil)
        weak var weakFlow: SettingsFlow?
        weak var weakScope: Store<Settings, SettingsIntent, Never>?
        do {
            let flow = SettingsFlow(store: store.scope(state: \.settings, intent: AppIntent.settings))
            weakFlow = flow
            weakScope = flow.store
            flow.cancelEffectsWhenEnded(["sync"], of: store)
            root.startChild(flow)
            store.send(.sync)
            flow.store.send(.toggle)
            #expect(flow.seen == [false, true])
            #expect(flow.store.subscriptionCount == 1)
            #expect(store.subscriptionCount == 0)  // the scoped store's own, which keeps its part, is not counted
            #expect(store.runningEffectCount == 1)
            flow.finish()
        }
        #expect(weakFlow == nil)
        #expect(weakScope == nil)
        #expect(store.subscriptionCount == 0)
        #expect(await store.waitForEffects(timeout: .seconds(120)))
        store.send(.settings(.toggle))
        #expect(root.childCoordinators.isEmpty)
    }

    @Test func aFlowHoldingOnlyAScopedStoreCancelsItsEffectsWhenItEnds() async throws {
        let store = makeStore()
        store.add(effectHandler: ClosureEffectHandler { _, _ in try await Task.sleep(for: .seconds(60)) })
        let root = BaseCoordinator(actionRouter: nil)
        let flow = SettingsFlow(store: store.scope(state: \.settings, intent: AppIntent.settings))
        flow.cancelEffectsWhenEnded(["sync"], of: flow.store)
        root.startChild(flow)
        store.send(.sync)
        #expect(store.runningEffectCount == 1)
        flow.finish()
        #expect(await store.waitForEffects(timeout: .seconds(120)))
    }

    /// A flow's command whose effect ignores the cancellation the flow's end asked for: its answer arrives after the
    /// flow finished, and is reported as it is dropped (an intent sent to an ended scope is reported the same way).
    @Test func aCommandsAnswerThatArrivesAfterItsFlowFinishedIsReportedAndDropped() async throws {
        let store = makeStore()
        let gate = Gate()
        store.add(
            effectHandler: ClosureEffectHandler { _, send in
                await gate.wait()  // does not stop when cancelled
                await send(.settings(.toggle))
            })
        let root = BaseCoordinator(actionRouter: nil)
        let flow = SettingsFlow(store: store.scope(state: \.settings, intent: AppIntent.settings))
        flow.cancelEffectsWhenEnded(["sync"], of: store)
        root.startChild(flow)
        let manager = CommandManager()
        manager.register(IntentCommand("Sync", store: store) { _ in .sync })
        try await withKnownIssue {
            let perform = Task { try await manager.perform(identifier: "Sync") }
            while store.runningEffectCount == 0 { await Task.yield() }
            flow.finish()
            await gate.open()
            try await perform.value
        } matching: {
            $0.description.contains("settings was sent back by an effect that SettingsFlow cancelled when it ended")
                && $0.description.contains("the intent was dropped")
        }
        #expect(store.state.settings.dark == false)
        #expect(store.runningEffectCount == 0)
    }

    @Test func anEffectCancelledByAnythingElseDropsWhatItSendsWithoutAReport() async throws {
        let store = makeStore()
        let gate = Gate()
        store.add(
            effectHandler: ClosureEffectHandler { _, send in
                await gate.wait()
                await send(.settings(.toggle))
            })
        let answer = Task { await store.sendAndWait(.sync) }
        while store.runningEffectCount == 0 { await Task.yield() }
        store.cancelEffects(id: "sync")
        await gate.open()
        #expect(await answer.value.isEmpty)
        #expect(store.state.settings.dark == false)
    }

    @Test func aRemovedChildEndsToo() throws {
        let store = makeStore()
        let root = BaseCoordinator(actionRouter: nil)
        let flow = SettingsFlow(store: store.scope(state: \.settings, intent: AppIntent.settings))
        var ended = false
        flow.onEnd { ended = true }
        root.startChild(flow)
        root.removeAllChildren()
        #expect(ended)
        #expect(flow.hasEnded)
        #expect(store.subscriptionCount == 0)
        // Observing after the end keeps nothing.
        flow.observe(store, \.count) { _ in }
        #expect(store.subscriptionCount == 0)
    }

    /// Holds an effect until the test opens it; the effect waits whether or not it is cancelled.
    actor Gate {
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var isOpen = false
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
        }
    }

    actor Counter {
        var value = 0
        func increment() { value += 1 }
    }
}
