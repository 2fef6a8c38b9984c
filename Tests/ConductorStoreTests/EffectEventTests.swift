import ConductorStore
import Testing

@MainActor
struct EffectEventTests {
    /// What the tests' observers belong to.
    final class Owner {}
    let owner = Owner()

    @Test func severalObserversHearEachRunAndEachGoesAwayAlone() async {
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler(player: Player()))
        let app = Owner()
        var inspector: Owner? = Owner()
        var heardByApp = 0
        var heardByInspector = 0
        store.addEffectObserver(owner: app) { _ in heardByApp += 1 }
        store.addEffectObserver(owner: inspector!) { _ in heardByInspector += 1 }
        for _ in 0..<5 { store.send(.increment) }
        await store.waitForEffects()
        #expect(heardByApp == 2 && heardByInspector == 2)
        store.removeEffectObservers(of: app)
        #expect(store.effectObserverCount == 1)
        store.addEffectObserver(owner: app) { _ in heardByApp += 1 }
        inspector = nil  // released: its observer goes with it
        for _ in 0..<5 { store.send(.increment) }
        await store.waitForEffects()
        #expect(heardByApp == 4 && heardByInspector == 2)
        #expect(store.effectObserverCount == 1)
    }

    @Test func anObserverHearsEachRunStartAndFinishWithItsOutcome() async {
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler(player: Player()))
        var events: [String] = []
        store.addEffectObserver(owner: self.owner) { event in
            switch event {
            case .started(let run, let effect, let handler): events.append("start \(run) \(effect) \(handler)")
            case .finished(let run, let outcome, _): events.append("end \(run) \(outcome)")
            }
        }
        for _ in 0..<5 { store.send(.increment) }
        await store.waitForEffects()
        #expect(events == ["start 1 playSound SoundEffectHandler", "end 1 completed"])
    }

    @Test func cancelledAndFailedRunsSayHowTheyEnded() async {
        enum Work: Effect {
            case wait, fail
            var cancellationID: EffectID? { self == .wait ? "wait" : nil }
        }
        let store = Store<Int, Work, Work>(state: 0) { _, work in [work] }
        store.onEffectError = { _ in }
        store.add(
            effectHandler: ClosureEffectHandler { work, _ in
                switch work {
                case .wait: try await Task.sleep(for: .seconds(30))
                case .fail: throw Boom()
                }
            })
        var outcomes: [EffectOutcome] = []
        store.addEffectObserver(owner: owner) { if case .finished(_, let outcome, _) = $0 { outcomes.append(outcome) } }
        store.send(.wait)
        store.cancelEffects(id: "wait")
        store.send(.fail)
        await store.waitForEffects()
        #expect(outcomes.contains(.cancelled))
        #expect(outcomes.contains(.failed("Boom()")))
    }

    @Test func withoutAnObserverNothingIsTold() async {
        let store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: SoundEffectHandler(player: Player()))
        for _ in 0..<5 { store.send(.increment) }
        await store.waitForEffects()
        #expect(store.state.soundsPlayed == 1)
    }

    /// An observer whose owner went while a run was in flight does not hear the run end: with `[unowned self]` in
    /// the observer, that would read a released owner.
    @Test func anObserverWhoseOwnerWentNeverHearsTheEndOfARunItSawStart() async {
        enum Work: Effect { case wait }
        let store = Store<Int, Work, Work>(state: 0) { _, work in [work] }
        store.add(effectHandler: ClosureEffectHandler { _, _ in try await Task.sleep(for: .milliseconds(20)) })
        final class Owner {}
        var owner: Owner? = Owner()
        var heard: [String] = []
        store.addEffectObserver(owner: owner!) { event in
            switch event {
            case .started: heard.append("started")
            case .finished: heard.append("finished")
            }
        }
        store.send(.wait)
        owner = nil
        await store.waitForEffects()
        #expect(heard == ["started"])
    }
}
