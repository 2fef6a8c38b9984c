import ConductorStore
import Logging
import Testing

/// Collects log messages in memory.
private final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    // @unchecked Sendable is sound here: each test logs only from the main actor into its own handler.
    var messages: [String] = []
    var events: [LogEvent] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        messages.append(event.message.description)
        events.append(event)
    }
}

@MainActor
struct LoggingStoreMiddlewareTests {
    @Test func logsEachIntentBeforeAndTheReducersTimeAfter() {
        let handler = CapturingLogHandler()
        let store = Store(state: AppState(), reducer: reducer)
        store.middlewares = [
            LoggingStoreMiddleware(logger: Logger(label: "test") { _ in handler }, includesState: true)
        ]
        store.send(.increment)
        #expect(handler.messages.count == 2)
        #expect(handler.messages[0] == "intent AppIntent.increment")
        #expect(handler.messages[1].hasPrefix("reduced AppIntent.increment in "))
        #expect(handler.events[0].metadata?["intent"] == "AppIntent.increment")
        #expect(handler.events[1].metadata?["state"]?.description.hasPrefix("AppState(value: 1") == true)
    }

    @Test func leavesTheStateOutByDefaultAndThePayloadWhenAsked() {
        let handler = CapturingLogHandler()
        let store = Store(state: AppState(), reducer: reducer)
        store.middlewares = [LoggingStoreMiddleware(logger: Logger(label: "test") { _ in handler })]
        store.send(.setLabel("secret"))
        #expect(handler.events[0].metadata?["payload"] == #"setLabel("secret")"#)
        #expect(handler.events[1].metadata?["state"] == nil)
        store.middlewares = [
            LoggingStoreMiddleware(logger: Logger(label: "test") { _ in handler }, includesPayload: false)
        ]
        store.send(.setLabel("secret"))
        #expect(handler.events[2].metadata?["payload"] == nil)
        #expect(!handler.messages.joined().contains("secret\")"))
    }
}
