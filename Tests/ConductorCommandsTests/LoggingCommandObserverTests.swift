import ConductorCommands
import Logging
import Testing

/// Collects log events in memory.
private final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    // @unchecked Sendable is sound here: each test logs only from the main actor into its own handler.
    var events: [LogEvent] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { events.append(event) }
}

@MainActor
struct LoggingCommandObserverTests {
    @Test func logsTheStartAndTheDurationOfAPerform() async throws {
        let handler = CapturingLogHandler()
        let manager = CommandManager()
        manager.register(OpenCommand())
        let observer = LoggingCommandObserver(logger: Logger(label: "test") { _ in handler })
        manager.addObserver(observer)
        try await manager.perform(identifier: "menu.Open(id: 3)")
        #expect(handler.events.map(\.message.description).first == "perform Open")
        #expect(handler.events.last?.message.description.hasPrefix("performed Open in ") == true)
        #expect(handler.events.allSatisfy { $0.level == .debug })
        #expect(handler.events[0].metadata?["command"] == "Open")
        #expect(handler.events[0].metadata?["payload"] == #"Open("id": 3)"#)
        withExtendedLifetime(observer) {}
    }

    @Test func logsAFailureAtTheFailureLevelWithItsError() async throws {
        let handler = CapturingLogHandler()
        let manager = CommandManager()
        manager.register(FailingCommand())
        let observer = LoggingCommandObserver(logger: Logger(label: "test") { _ in handler }, failureLevel: .warning)
        manager.addObserver(observer)
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Failing") }
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Unknown") }
        let failures = handler.events.filter { $0.level == .warning }
        #expect(failures.count == 2)
        #expect(failures[0].message.description.hasPrefix("Failing failed after "))
        #expect(failures[1].metadata?["error"]?.description.contains("No command is registered") == true)
        withExtendedLifetime(observer) {}
    }

    @Test func leavesArgumentsOutWhenAsked() async throws {
        let handler = CapturingLogHandler()
        let manager = CommandManager()
        manager.register(OpenCommand())
        let observer = LoggingCommandObserver(logger: Logger(label: "test") { _ in handler }, includesPayload: false)
        manager.addObserver(observer)
        try await manager.perform(identifier: "Open(id: 12345)")
        #expect(handler.events.allSatisfy { $0.metadata?["payload"] == nil })
        #expect(!handler.events.map(\.message.description).joined().contains("12345"))
        withExtendedLifetime(observer) {}
    }

    @Test func anObserverIsHeldWeaklyAddedOnceAndGoneWithItsOwner() async throws {
        let handler = CapturingLogHandler()
        let manager = CommandManager()
        manager.register(OpenCommand())
        var observer: LoggingCommandObserver? = LoggingCommandObserver(logger: Logger(label: "test") { _ in handler })
        weak let released = observer
        manager.addObserver(try #require(observer))
        manager.addObserver(try #require(observer))
        try await manager.perform(identifier: "menu.Open(id: 3)")
        #expect(handler.events.count == 2)  // once, not twice
        observer = nil
        #expect(released == nil)  // the manager does not keep it
        try await manager.perform(identifier: "menu.Open(id: 3)")
        #expect(handler.events.count == 2)
    }
}
