import Testing

@testable import Conductor

/// A weak command observer forwards while its observer lives, and leaves the manager at the first command after.
@MainActor
struct WeakCommandObserverTests {
    final class Counter: CommandObserver {
        var performed = 0
        func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) { performed += 1 }
    }

    @Test func itForwardsWhileTheObserverLivesAndLeavesTheManagerAfter() async throws {
        let manager = CommandManager()
        manager.register(ClosureCommand("Go") { _ in })
        var counter: Counter? = Counter()
        weak var tap: WeakCommandObserver?
        do {
            let made = WeakCommandObserver(forwardingTo: try #require(counter), on: manager)
            tap = made
            manager.addObserver(made)
        }
        try await manager.perform(identifier: "Go")
        #expect(counter?.performed == 1)
        #expect(tap != nil)  // the manager holds it

        counter = nil
        try await manager.perform(identifier: "Go")
        #expect(tap == nil)  // it took itself off, and nothing holds it now
    }
}
