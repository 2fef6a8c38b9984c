import ConductorStore
import Testing

/// Records what it sees and can drop or rewrite intents.
@MainActor
private final class Recorder: StoreMiddleware {
    var log: [String] = []
    let name: String
    init(_ name: String) { self.name = name }

    func intercept(_ intent: AppIntent, state: () -> AppState, next: (AppIntent) -> Void) {
        log.append("\(name) before \(state().value)")
        switch intent {
        case .decrement: log.append("\(name) dropped decrement")
        case .setLabel("shout"): next(.setLabel("SHOUT"))
        default: next(intent)
        }
        log.append("\(name) after \(state().value)")
    }
}

@MainActor
struct StoreMiddlewareTests {
    @Test func middlewareRunsOutermostFirstAroundTheReducer() {
        let store = Store(state: AppState(), reducer: reducer)
        let outer = Recorder("outer")
        let inner = Recorder("inner")
        store.middlewares = [outer, inner]
        store.send(.increment)
        #expect(outer.log == ["outer before 0", "outer after 1"])
        #expect(inner.log == ["inner before 0", "inner after 1"])
    }

    @Test func middlewareCanDropAndRewriteIntents() {
        let store = Store(state: AppState(value: 3), reducer: reducer)
        store.middlewares = [Recorder("m")]
        store.send(.decrement)
        store.send(.setLabel("shout"))
        #expect(store.state.value == 3)
        #expect(store.state.label == "SHOUT")
    }
}
