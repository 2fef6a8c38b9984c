import ArgumentParser
import Conductor
import ConductorDemoKit
import ConductorTesting
import Foundation

#if Inspector
    import ConductorInspector
#endif

/// The command line of the demo.
@main
struct ConductorDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conductor-demo",
        abstract: "A terminal app built on Conductor: onboarding, auth, items and settings, persisted in SQLite.",
        discussion: """
            Type commands at the prompt ('help' lists those of the current screen). When standard input is not a \
            terminal, commands are read from it, one per line, and the demo exits at the end of input.

            Text is kept as typed: 'save 007' saves the title "007"; only an id ('open 3') is read as a number. \
            A title or a name is at most 200 Unicode scalars (each letter, space and combining accent mark counts \
            one) and holds no control characters. Lines, from a script or standard input, end at LF or CRLF only, are \
            read one at a time, and are at most 65,536 bytes of UTF-8; a longer line, or one that is not UTF-8, is \
            refused. If standard output cannot be written (closed, full), the demo stops with a message on \
            standard error and exit status 1.
            """
    )

    @Option(name: .long, help: "The SQLite database file. Default: the user's data directory.")
    var database: String = ConductorDemoKit.DemoDatabase.defaultPath

    @Option(name: .long, help: "A deep link to open at launch, such as 'conductor-demo://items/3'.")
    var open: String?

    @Option(
        name: .long,
        help: "A file of commands to run, one per line (LF or CRLF), read as it runs, instead of standard input.")
    var script: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Replay a report written by 'report PATH' in a new run, over the empty database given with --database, "
                + "and go on from where it ends.",
            valueName: "PATH"))
    var replay: String?

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
        // A closed pipe is then a write error, which the demo reports and stops on, not a signal that kills it.
        signal(SIGPIPE, SIG_IGN)
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
            app = try DemoApp(databasePath: database, colors: colors, keepsLastSteps: true) { try printOut($0 + "\n") }
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        #if Inspector
            var inspector: Inspector?
            if let inspect {
                do {
                    inspector = try await Inspector.start(InspectorConfiguration(port: inspect))
                } catch {
                    printError("error: \(error)")
                    throw ExitCode(1)
                }
                inspector?.watch(app.actionRouter)
                // Imported recordings are viewed, never sent to the database, and pass the rules typed input passes.
                inspector?.watch(
                    app.store, name: "app", test: TestExport(module: "ConductorDemoKit", reducer: "appReducer"),
                    imports: ImportPolicy(validate: AppIntent.validateImported))
                inspector?.watch(app.commandManager)
                inspector?.watch(app.rootCoordinator)
                inspector?.watch(app.router)
                inspector?.watch(app.deferredDeepLinks)
                try printOrStop("Inspector: \(inspector?.url ?? "")\n")
            }
            defer { if let inspector { Task { await inspector.stop() } } }
        #else
            if inspect != nil {
                printError(
                    "error: this demo was built without the Inspector. Build it with the Inspector trait: "
                        + "swift run --package-path Examples --traits Inspector ConductorDemo --inspect")
                throw ExitCode(2)
            }
        #endif
        var replayed: AppTestScript?
        if let replay {
            do {
                let report = try readReport(at: replay)
                try app.prepareReplay(of: report)
                replayed = report
            } catch {
                printError("error: \(error)")
                throw ExitCode(1)
            }
        }
        app.start(openURL: open)
        if let replayed {
            let report = await AppTest.replay(
                replayed, store: app.store, commands: app.commandManager, root: app.rootCoordinator,
                openLink: { try app.openLink($0) })
            if report.differences.isEmpty {
                try printOrStop(
                    "Replayed \(report.performed) step(s) of the report: the same state and screens.\n")
            } else {
                try printOrStop(
                    "Replayed \(report.performed) step(s); the app differs from the report:\n"
                        + report.differences.prefix(3).flatMap { difference in
                            difference.description.split(separator: "\n", omittingEmptySubsequences: false).map {
                                DemoText.shown(DemoText.excerpt(String($0), limit: 2_000))
                            }
                        }.joined(separator: "\n") + "\n")
            }
            app.show()
        }

        // Lines are read one at a time, as they are needed, off the main actor: a script of any size runs in bounded
        // memory, and the main actor stays free while the demo waits for input (the inspector's page is served from
        // it).
        let source: DemoLineSource
        if let script {
            do { source = try DemoLineSource(contentsOf: script) } catch {
                printError("error: cannot read the script '\(script)': \(error)")
                throw ExitCode(1)
            }
        } else {
            source = DemoLineSource(fileDescriptor: STDIN_FILENO)
        }
        let interactive = script == nil && isatty(STDIN_FILENO) == 1
        while !app.isFinished {
            if interactive { try printOrStop("> ") }
            let next: DemoLine?
            do { next = try await source.next() } catch {
                printError("error: cannot read \(script.map { "the script '\($0)'" } ?? "standard input"): \(error)")
                throw ExitCode(1)
            }
            guard let line = next else { break }
            // Piped input is echoed, so that the output reads as a session.
            if script == nil, !interactive, case .text(let text) = line {
                try printOrStop("> \(DemoText.shown(text))\n")
            }
            await app.handle(line)
        }
        app.end()
        if let error = app.outputError { throw outputFailed(error) }
    }
}

/// Reads a report, refusing one that is too large before reading it whole (a report holds at most
/// `AppTestScript.maximumBytes`).
private func readReport(at path: String) throws -> AppTestScript {
    guard let handle = FileHandle(forReadingAtPath: path) else {
        throw RecordingError.unreadable(path: path, reason: "no such file, or it cannot be opened")
    }
    defer { try? handle.close() }
    let data = try handle.read(upToCount: AppTestScript.maximumBytes + 1) ?? Data()
    return try AppTestScript.read(data)
}

/// Standard output or standard error could not be written: the system's error number.
struct OutputError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// Writes to standard output at once, unbuffered: a reader of the pipe sees each screen as it is printed, and no
/// flush waits on standard input's lock. Throws when it cannot: a closed pipe (`EPIPE`, SIGPIPE being ignored), a
/// full disk (`ENOSPC`), a closed descriptor.
private func printOut(_ text: String) throws {
    try writeAll(text, to: STDOUT_FILENO)
}

/// Writes to standard output, or ends the demo as a failed output does.
private func printOrStop(_ text: String) throws {
    do { try printOut(text) } catch { throw outputFailed(error) }
}

/// Says on standard error that standard output failed, and gives the exit status that ends the demo.
private func outputFailed(_ error: any Error) -> ExitCode {
    printError("error: cannot write to standard output (\(error)); the demo stopped. What ran before was saved.")
    return ExitCode(1)
}

/// Writes a line to standard error — what it quotes (a path, a script's name) shown without control characters — and
/// when that fails too, there is nowhere left to say so.
private func printError(_ text: String) {
    do { try writeAll(DemoText.shown(text) + "\n", to: STDERR_FILENO) } catch {
        // Standard error is closed or full: the exit status still tells.
    }
}

/// Writes all of `text` to `descriptor`, retrying after a signal and after a partial write.
private func writeAll(_ text: String, to descriptor: Int32) throws {
    var text = text
    try text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
            } else if errno != EINTR {
                throw OutputError(code: errno)
            }
        }
    }
}
