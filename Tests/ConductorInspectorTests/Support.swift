import Conductor

struct Counter: Equatable, Codable, Sendable {
    var count = 0
    var log: [String] = []
}

enum CounterIntent: Intent, Equatable, Codable {
    case increment
    case note(String)
}

enum CounterEffect: Effect, Equatable {
    case announce(Int)
}

func counterReducer(_ state: inout Counter, _ intent: CounterIntent) -> [CounterEffect] {
    switch intent {
    case .increment:
        state.count += 1
        return state.count % 3 == 0 ? [.announce(state.count)] : []
    case .note(let text):
        state.log.append(text)
        return []
    }
}

struct ShowCount: Action, Codable { let count: Int }

@MainActor
final class CountCommand: Command {
    let store: Store<Counter, CounterIntent, CounterEffect>
    init(store: Store<Counter, CounterIntent, CounterEffect>) { self.store = store }
    var identifier: String { "Count" }
    func perform(context: CommandContext) async throws { store.send(.increment) }
}
