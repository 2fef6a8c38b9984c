import ConductorStore
import Logging
import Testing

/// Collects log messages in memory.
private final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    // @unchecked Sendable is sound here: each test logs only from the main actor into its own handler.
    var messages: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { messages.append(event.message.description) }
}

@MainActor
struct LoggingStoreMiddlewareTests {
    @Test func logsEachIntentAndOptionallyTheState() {
        let handler = CapturingLogHandler()
        let store = Store(state: AppState(), reducer: reducer)
        store.middlewares = [
            LoggingStoreMiddleware(logger: Logger(label: "test") { _ in handler }, includesState: true)
        ]
        store.send(.increment)
        #expect(handler.messages.count == 2)
        #expect(handler.messages[0] == "intent increment")
        #expect(handler.messages[1].hasPrefix("state AppState(value: 1"))
    }

    @Test func leavesTheStateOutByDefault() {
        let handler = CapturingLogHandler()
        let store = Store(state: AppState(), reducer: reducer)
        store.middlewares = [LoggingStoreMiddleware(logger: Logger(label: "test") { _ in handler })]
        store.send(.setLabel("secret"))
        #expect(handler.messages == [#"intent setLabel("secret")"#])
    }
}
