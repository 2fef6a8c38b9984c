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

    @Test func theCausesExampleLogsACommandsCause() async throws {
        let commands = CommandManager()
        commands.register(Save())
        let causeLog = LoggingCauseObserver(logger: Logger(label: "MyApp.Causes"))
        Causes.addObserver(causeLog)  // held weakly: keep `causeLog` as long as it should log
        try await commands.perform(identifier: "Save(title: \"Milk\")")
        // began command Save(title: "Milk") at MyApp/ItemsScreen.swift:42
        // ended command Save(title: "Milk") at MyApp/ItemsScreen.swift:42
        Causes.removeObserver(causeLog)
    }
}
