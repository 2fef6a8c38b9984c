import ConductorStore
import Testing

/// The engine's invariants 3 and 4 (Store.swift): a reducer or a selector that reaches its store traps where
/// assertions are checked (the tests' debug build), where a release build would read a half-changed state.
@MainActor
struct StoreEngineInvariantTests {
    @Test func aReducerThatReadsItsStoreTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { SelfReachingStore.run { store in _ = store.state } }
        }
    }

    @Test func aReducerThatSendsToItsStoreTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { SelfReachingStore.run { store in store.send(2) } }
        }
    }

    @Test func aSelectorThatReadsItsStoreTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { SelfReachingStore.run(fromSelector: true) { store in _ = store.state } }
        }
    }

    @Test func aSubscriberMayReadTheStoreAndSendAgain() {
        let store = Store<Int, Int, Never>(state: 0) { state, intent in
            state = intent
            return []
        }
        var seen: [Int] = []
        let token = store.subscribe(selector: { $0 }) { value in
            seen.append(store.state)
            if value == 1 { store.send(2) }
        }
        store.send(1)
        #expect(seen == [0, 1, 2])
        withExtendedLifetime(token) {}
    }
}

/// A store whose reducer — or, with `fromSelector`, one of its selectors — reaches the store itself, as the engine's
/// invariants forbid: sending it one intent must trap in a debug build.
@MainActor
final class SelfReachingStore {
    var store: Store<Int, Int, Never>?

    static func run(fromSelector: Bool = false, _ reach: @escaping @MainActor (Store<Int, Int, Never>) -> Void) {
        let holder = SelfReachingStore()
        let store = Store<Int, Int, Never>(state: 0) { state, intent in
            state = intent
            if !fromSelector { MainActor.assumeIsolated { holder.store.map(reach) } }
            return []
        }
        holder.store = store
        let token = store.subscribe(selector: { value in
            if fromSelector { MainActor.assumeIsolated { holder.store.map(reach) } }
            return value
        }) { _ in }
        store.send(1)
        withExtendedLifetime(token) {}
    }
}
