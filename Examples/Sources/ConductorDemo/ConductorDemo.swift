import ArgumentParser
import ConductorDemoKit
import Foundation

/// The command line of the demo.
@main
struct ConductorDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conductor-demo",
        abstract: "A terminal app built on Conductor: onboarding, auth, items and settings, persisted in SQLite.",
        discussion: """
            Type commands at the prompt ('help' lists those of the current screen). When standard input is not a \
            terminal, commands are read from it, one per line, and the demo exits at the end of input.
            """
    )

    @Option(name: .long, help: "The SQLite database file. Default: the user's data directory.")
    var database: String = ConductorDemoKit.DemoDatabase.defaultPath

    @Option(name: .long, help: "A deep link to open at launch, such as 'conductor-demo://items/3'.")
    var open: String?

    @Option(name: .long, help: "A file of commands to run, one per line, instead of reading standard input.")
    var script: String?

    @Option(name: .long, help: "Colour the output: auto (when it is a terminal), always or never.")
    var color: ColorMode = .auto

    enum ColorMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @MainActor
    func run() async throws {
        let colors = color == .always || (color == .auto && isatty(STDOUT_FILENO) == 1)
        let app: DemoApp
        do {
            app = try DemoApp(databasePath: database, colors: colors) { print($0) }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        app.start(openURL: open)

        if let script {
            let text: String
            do { text = try String(contentsOfFile: script, encoding: .utf8) } catch {
                FileHandle.standardError.write(
                    Data("error: cannot read the script '\(script)': \(error.localizedDescription)\n".utf8))
                throw ExitCode(1)
            }
            await app.run(script: text)
            return
        }
        let interactive = isatty(STDIN_FILENO) == 1
        while !app.isFinished {
            if interactive {
                print("> ", terminator: "")
                fflush(nil)
            }
            guard let line = readLine() else { break }
            if !interactive { print("> \(line)") }
            await app.handle(line)
        }
    }
}
