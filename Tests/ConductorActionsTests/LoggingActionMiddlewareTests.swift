import ConductorActions
import Logging
import Testing

/// Collects log messages in memory.
final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    // @unchecked Sendable is sound here: the tests log only from the main actor, one test per handler.
    struct Entry {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }
    var entries: [Entry] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        entries.append(Entry(level: event.level, message: event.message.description, metadata: event.metadata ?? [:]))
    }
}

@MainActor
struct LoggingActionMiddlewareTests {
    @Test func logsTheStartAndEndOfADispatch() throws {
        let handler = CapturingLogHandler()
        let dispatcher = ActionDispatcher(name: "Logged", router: nil)
        dispatcher.middlewares = [LoggingActionMiddleware(logger: Logger(label: "test") { _ in handler })]
        try dispatcher.register(ShowProfile.self) { _ in }
        try dispatcher.dispatch(ShowProfile(id: 3))
        #expect(handler.entries.count == 2)
        #expect(handler.entries[0].message == "dispatch ShowProfile")
        #expect(handler.entries[1].message.hasPrefix("handled ShowProfile in "))
        #expect(handler.entries.allSatisfy { $0.level == .debug })
        #expect(handler.entries[0].metadata["dispatcher"] == "Logged")
        #expect(handler.entries[0].metadata["payload"] == "ShowProfile(id: 3)")
    }

    @Test func logsFailuresAtTheFailureLevelAndRethrows() async throws {
        let handler = CapturingLogHandler()
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [LoggingActionMiddleware(logger: Logger(label: "test") { _ in handler })]
        try dispatcher.register(Ping.self) { _ in throw Boom() }
        await #expect(throws: Boom.self) { try await dispatcher.dispatch(Ping()) }
        #expect(handler.entries.last?.level == .error)
        #expect(handler.entries.last?.message.contains("Ping failed") == true)
        #expect(handler.entries.last?.metadata["error"] == "Boom()")
    }

    @Test func canLeaveThePayloadOut() throws {
        let handler = CapturingLogHandler()
        let dispatcher = ActionDispatcher(router: nil)
        dispatcher.middlewares = [
            LoggingActionMiddleware(logger: Logger(label: "test") { _ in handler }, includesPayload: false)
        ]
        try dispatcher.register(ShowProfile.self) { _ in }
        try dispatcher.dispatch(ShowProfile(id: 3))
        #expect(handler.entries[0].metadata["payload"] == nil)
    }
}
