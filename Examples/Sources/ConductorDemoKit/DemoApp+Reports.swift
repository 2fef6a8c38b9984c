import Conductor
import Foundation

/// The demo's flight recorder.
public typealias AppFlightRecorder = FlightRecorder<AppState, AppIntent, AppEffect>

/// Bug reports that replay: `report <path>`, `--replay`, and the last steps a run that did not end cleanly leaves.
extension DemoApp {
    /// The demo's redaction: item titles are kept (what a report needs to show a bug with an item); the user's name,
    /// and any other text, is replaced.
    public static let redaction = Redaction(
        keeping: ["title", "addItem._0", "rename._0", "previous", "Tab.name", "OpenURL.url"], keepsLinks: true)
    /// Where the terminal's recorder keeps the last steps while the demo runs: beside the database. A file left there
    /// at launch is a run that did not end cleanly (a crash, a kill): it is kept as `…crashed.json` and said.
    public var lastStepsPath: String { database.path + ".last-steps.json" }

    func keepLastSteps() {
        let path = lastStepsPath
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            let kept = database.path + ".crashed.json"
            try? files.removeItem(atPath: kept)
            do {
                try files.moveItem(atPath: path, toPath: kept)
                say(
                    "The last run did not end cleanly. Its last steps are in \(kept): replay them with --replay "
                        + "\(kept) --database <a new file>.")
            } catch {
                say("The last run did not end cleanly; its last steps could not be kept: \(error.localizedDescription)")
            }
        }
        recorder?.lastStepsFile = URL(fileURLWithPath: path)
    }

    /// The session ends cleanly (the input ended, `quit`): the last steps are not a crash's, and their file goes.
    public func end() {
        guard let recorder, let file = recorder.lastStepsFile else { return }
        recorder.lastStepsFile = nil
        try? FileManager.default.removeItem(at: file)
    }

    /// Writes the flight recorder's report of the session so far — the user's name redacted (``redaction``) — to
    /// `path`: what `--replay` opens.
    func writeReport(to path: String) throws {
        guard !path.isEmpty else { throw DemoProblem("'report' needs a file path, such as 'report bug.json'.") }
        guard let recorder else {
            throw DemoProblem("This window records nothing: the app's first window records the session.")
        }
        let data = try recorder.reportJSON()
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw DemoProblem("The report could not be written to '\(path)': \(error.localizedDescription)")
        }
        let steps = (try? AppTestScript.read(data).steps.count).map { "\($0) step(s), " } ?? ""
        say("Report written to \(path): \(steps)\(data.count) bytes.")
    }

    /// Prepares an empty database for replaying `script`: writes the items and flags of the state it starts from, so
    /// that the replayed steps' effects find what the user's did. Call before ``start(openURL:restoring:)``.
    /// - Throws: When the database is not empty or the report's state does not decode, saying so.
    public func prepareReplay(of script: AppTestScript) throws {
        guard store.state.items.all.isEmpty, store.state.session == Session(), (try? database.loadNavigation()) == nil
        else {
            throw DemoProblem(
                "--replay opens the report in a new run with its own database: give an empty one with --database.")
        }
        let state: AppState
        do { state = try JSONDecoder().decode(AppState.self, from: Data(script.initialState.utf8)) } catch {
            throw DemoProblem("The report's starting state does not decode: \(error).")
        }
        for item in state.items.all { try database.restoreItem(item) }
        try database.setFlag("onboardingShown", to: state.session.onboardingShown ? "1" : nil)
        try database.setFlag("user", to: state.session.user)
        try database.setFlag("showsIDs", to: state.settings.showsIDs ? nil : "0")
        store.send(.loaded(try database.load()))
    }

    /// Opens a link as the system's links are opened (the launch link, `open-url`): for a replay's link steps.
    public func openLink(_ url: String) throws {
        try open(url: url)
    }

    /// Prints the screen shown, as after each line.
    public func show() {
        saveNavigation()
        render()
    }
}
