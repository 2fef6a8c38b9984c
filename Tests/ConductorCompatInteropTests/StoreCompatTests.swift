// The umbrella and Glue's names in one file: `Store`, `Intent`, `Effect` and `EffectHandler` are Glue's; Conductor's
// typed store is spelled `ConductorStore.Store`.
import Conductor
import ConductorStoreCompat
import Testing

private struct Counter { var value = 0 }
private enum CounterIntent: Intent { case increment }

@MainActor
struct StoreCompatTests {
    @Test func glueStoreAndConductorStoreSideBySide() {
        let glue = Store(state: Counter()) { state, intent in
            if case .increment? = intent as? CounterIntent { state.value += 1 }
            return []
        }
        glue.dispatch(CounterIntent.increment)
        let typed = ConductorStore.Store<Counter, CounterIntent, Never>(state: Counter()) { state, _ in
            state.value += 1
            return []
        }
        typed.send(.increment)
        #expect(glue.state.value == 1 && typed.state.value == 1)
    }
}
