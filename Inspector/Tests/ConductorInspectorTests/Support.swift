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

/// A module shown on a stack, named.
final class Page: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

/// A counter app for causal traces and app tests: its command increments three times, the third increment is
/// announced by an effect which feeds back a note, and a page is pushed for each note.
@MainActor
final class CountingApp {
    let store = Store(state: Counter(), reducer: counterReducer)
    let commands = CommandManager()
    let root = BaseCoordinator(actionRouter: nil)
    let router = HeadlessNavigationRouter(name: "main")
    var token: SubscriptionToken?

    /// The app, its command registered as `command`.
    init(command: String = "Count") throws {
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                if case .announce(let count) = effect { await send(.note("announced \(count)")) }
            })
        try router.setRoot(Page("counter"), hideBar: false)
        token = store.subscribe(\.log.count) { [router] count in
            if count > 0 { try? router.push(Page("note \(count)"), animated: false, hidesBottomBar: false) {} }
        }
        commands.register(ClosureCommand(command) { [store] _ in for _ in 0..<3 { store.send(.increment) } })
        root.run()
    }
}
