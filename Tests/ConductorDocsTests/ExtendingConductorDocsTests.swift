// swift-format-ignore-file
// (Documentation code, kept exactly as the article "Extending Conductor" shows it.)
import Conductor
import Testing

private struct Counter: Equatable { var count = 0 }
private enum CounterIntent: Intent, Equatable { case add(Int) }
private enum CounterEffect: Effect { case echo }

/// A tool that logs every command and every effect run, attached with one call and detached with another.
@MainActor
private final class ActivityLog: CommandObserver {
    private(set) var lines: [String] = []

    func attach(to commands: CommandManager, _ store: Store<Counter, CounterIntent, CounterEffect>) {
        commands.addObserver(self)                          // held weakly: the app keeps the log
        store.addEffectObserver(owner: self) { [weak self] event in
            self?.lines.append("effect \(event)")
        }
    }

    func detach(from commands: CommandManager, _ store: Store<Counter, CounterIntent, CounterEffect>) {
        commands.removeObserver(self)
        store.removeEffectObservers(of: self)
    }

    func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        lines.append("performed \(identifier.name)")
    }
}

@MainActor
struct ExtendingConductorDocsTests {
    fileprivate func app() -> (CommandManager, Store<Counter, CounterIntent, CounterEffect>) {
        let store = Store<Counter, CounterIntent, CounterEffect>(state: Counter()) { state, intent in
            if case .add(let n) = intent { state.count += n }
            return [.echo]
        }
        store.add(effectHandler: ClosureEffectHandler { _, _ in })
        let commands = CommandManager()
        commands.register(ClosureCommand("Add") { [store] _ in store.send(.add(1)) })
        return (commands, store)
    }

    @Test func aToolAttachedHearsCommandsAndEffectsAndDetachedHearsNothing() async throws {
        let (commands, store) = app()
        let log = ActivityLog()
        log.attach(to: commands, store)
        try await commands.perform(identifier: "Add")
        _ = await store.waitForEffects(timeout: .seconds(120))
        #expect(log.lines.contains("performed Add"))
        #expect(log.lines.contains { $0.hasPrefix("effect") })

        log.detach(from: commands, store)
        let heard = log.lines.count
        try await commands.perform(identifier: "Add")
        _ = await store.waitForEffects(timeout: .seconds(120))
        #expect(log.lines.count == heard)
    }

    @Test func aToolReleasedWithoutDetachingIsNotKeptAlive() async throws {
        let (commands, store) = app()
        weak var released: ActivityLog?
        do {
            let log = ActivityLog()
            released = log
            log.attach(to: commands, store)
        }
        #expect(released == nil)
        try await commands.perform(identifier: "Add")  // hears nothing, and nothing fails
        _ = await store.waitForEffects(timeout: .seconds(120))
        #expect(store.state.count == 1)
    }
}
