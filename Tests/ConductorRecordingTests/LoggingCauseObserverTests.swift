import ConductorRecording
import Logging
import Testing

@MainActor
struct LoggingCauseObserverTests {
    /// Keeps the lines a logger writes.
    final class Lines: LogHandler, @unchecked Sendable {
        // Sound: written and read only by the test, on the main actor; the logger calls `log` on the caller's thread.
        var written: [(message: String, metadata: Logger.Metadata)] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { written.append(("\(event.message)", event.metadata ?? [:])) }
    }

    @Test func eachCauseIsLoggedAsItBeginsAndEndsWithItsTrace() {
        let lines = Lines()
        let observer = LoggingCauseObserver(logger: Logger(label: "test") { _ in lines })
        Causes.addObserver(observer)
        defer { Causes.removeObserver(observer) }

        Causes.run(.command, "logged.Save") {}

        let mine = lines.written.filter { $0.message.contains("logged.Save") }
        #expect(mine.map(\.message) == ["began command logged.Save", "ended command logged.Save"])
        #expect(mine.first?.metadata["conductor.cause"] == "command logged.Save")
    }
}
