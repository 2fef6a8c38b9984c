import ArgumentParser
import ConductorDemoKit
import ConductorInspector
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Serve the Conductor Inspector on loopback, on PORT (any free port when left out), and print its URL.",
            valueName: "PORT"))
    var inspect: Int?

    /// `--inspect` may come without a port: the parser is given `--inspect 0` then.
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let index = arguments.firstIndex(of: "--inspect"),
            index + 1 == arguments.count || Int(arguments[index + 1]) == nil
        {
            arguments.insert("0", at: index + 1)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    enum ColorMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @MainActor
    func run() async throws {
        let colors = color == .always || (color == .auto && isatty(STDOUT_FILENO) == 1)
        let app: DemoApp
        do {
            app = try DemoApp(databasePath: database, colors: colors) { write($0 + "\n") }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        var inspector: Inspector?
        if let inspect {
            do {
                inspector = try await Inspector.start(InspectorConfiguration(port: inspect))
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode(1)
            }
            inspector?.watch(app.actionRouter)
            inspector?.watch(
                app.store, name: "app", test: TestExport(module: "ConductorDemoKit", reducer: "appReducer"))
            inspector?.watch(app.commandManager)
            inspector?.watch(app.rootCoordinator)
            inspector?.watch(app.router)
            write("Inspector: \(inspector?.url ?? "")\n")
        }
        defer { if let inspector { Task { await inspector.stop() } } }
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
        // Lines are read on a thread of their own, so the main actor stays free while the demo waits for input: the
        // inspector's page is served from it.
        let input = AsyncStream<String> { continuation in
            Thread.detachNewThread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
        }
        var lines = input.makeAsyncIterator()
        while !app.isFinished {
            if interactive {
                write("> ")
            }
            guard let line = await lines.next() else { break }
            if !interactive { write("> \(line)\n") }
            await app.handle(line)
        }
    }
}

/// Writes to standard output at once, unbuffered: a reader of the pipe sees each screen as it is printed, and no
/// flush waits on standard input's lock, which the reading thread holds while it waits for a line.
private func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}
