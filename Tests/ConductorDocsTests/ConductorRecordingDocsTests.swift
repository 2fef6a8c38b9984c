import Conductor
import Logging
import Testing

/// The code of ConductorRecording's module page.
@MainActor
struct ConductorRecordingDocsTests {
    final class Save: Command {
        let identifier = "Save"
        func perform(context: CommandContext) async throws {}
    }

    /// Hears the causes of the example's command.
    final class Heard: CauseObserver {
        var began: [String] = []
        func causeDidBegin(_ cause: Cause) { if cause.name.hasPrefix("Save") { began.append(cause.description) } }
        func causeDidEnd(_ cause: Cause) {}
    }

    @Test func theCausesExampleLogsACommandsCause() async throws {
        let commands = CommandManager()
        commands.register(Save())
        let heard = Heard()
        Causes.addObserver(heard)
        defer { Causes.removeObserver(heard) }
        let causeLog = LoggingCauseObserver(logger: Logger(label: "MyApp.Causes"))
        Causes.addObserver(causeLog)  // held weakly: keep `causeLog` as long as it should log
        try await commands.perform(identifier: "Save(title: \"Milk\")")
        // began command Save(title: "Milk") at MyApp/ItemsScreen.swift:42
        // ended command Save(title: "Milk") at MyApp/ItemsScreen.swift:42
        Causes.removeObserver(causeLog)
        #expect(heard.began.count == 1)
        #expect(heard.began.first?.hasPrefix("command Save(") == true)
    }
}
