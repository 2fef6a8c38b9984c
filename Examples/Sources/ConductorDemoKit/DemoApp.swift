import Conductor

/// The demo: the seed ApplicationCoordinator's app as a terminal program on every part of Conductor.
///
/// A store holds the state and persists it to SQLite through an effect handler; coordinators made by factories own
/// the flows and drive a headless navigation router; typed input becomes command identifiers that a
/// `CommandManager` validates and performs; actions (`ShowItem`, `ShowTab`) navigate from commands and deep links.
@MainActor
public final class DemoApp {
    public let store: Store<AppState, AppIntent, AppEffect>
    public let router = HeadlessNavigationRouter(name: "main")
    let actions = ActionRouter(name: "demo")
    let commands = CommandManager()
    private var links = DeepLinkRouter<DeepLinkAction>()
    private var coordinator: AppCoordinator!
    private let output: (String) -> Void
    private let colors: Bool
    private var demoCommands: [DemoCommand] = []
    /// Whether `quit` was typed.
    public private(set) var isFinished = false

    /// Opens the database and loads the state.
    /// - Parameters:
    ///   - databasePath: The SQLite file; created when missing, never overwritten.
    ///   - colors: Whether to colour the output (only when it is a terminal).
    ///   - output: Receives each line printed.
    public init(databasePath: String, colors: Bool = false, output: @escaping (String) -> Void)
        throws(DemoDatabaseError)
    {
        let database = try DemoDatabase(path: databasePath)
        let snapshot = try database.load()
        store = Store(state: AppState(), reducer: appReducer)
        store.add(effectHandler: PersistenceHandler(database: database))
        store.send(.loaded(snapshot))
        self.output = output
        self.colors = colors
        coordinator = AppCoordinator(
            router: router,
            factory: CoordinatorFactory(
                store: store, modules: ModuleFactory(databasePath: database.path), actions: actions))
        demoCommands = [
            NextCommand(self), LoginCommand(self), SignUpCommand(self), TermsCommand(self), AcceptCommand(self),
            RegisterCommand(self), OpenCommand(self), CreateCommand(self), SaveCommand(self), CancelCommand(self),
            BackCommand(self), TabCommand(self), ToggleIDsCommand(self), LogoutCommand(self), HelpCommand(self),
            OpenURLCommand(self), QuitCommand(self),
        ]
        do {
            try commands.register(demoCommands)
            try commands.register([UndoCommand(), RedoCommand()])
            try links.registerAction("conductor-demo://items/:id") { p in ShowItem(id: Int64(try p.int("id"))) }
            try links.registerAction("conductor-demo://items") { _ in ShowTab(name: "items") }
            try links.registerAction("conductor-demo://settings") { _ in ShowTab(name: "settings") }
        } catch {
            // The registrations above are fixed: a failure is a bug in the demo itself.
            preconditionFailure("demo setup: \(error)")
        }
    }

    // MARK: Running

    /// Starts the flows, opens a launch deep link if given, and prints the first screen.
    public func start(openURL: String? = nil) {
        try? coordinator.run()
        if let openURL {
            do { try open(url: openURL) } catch { say(message(for: error)) }
        }
        render()
    }

    /// Handles one line of input, then prints the screen.
    public func handle(_ line: String) async {
        let text = line.trimmed
        guard !text.isEmpty else { return }
        do {
            let identifier = try Self.identifier(for: text)
            try await commands.perform(identifier: identifier)
        } catch {
            say(message(for: error))
        }
        if !isFinished { render() }
    }

    /// Runs every line of `input`, as a script.
    public func run(lines input: some Sequence<String>) async {
        for line in input where !isFinished { await handle(line) }
    }

    /// Runs a script's text line by line, whatever its line ends (LF, CRLF or CR).
    public func run(script text: String) async {
        await run(lines: Self.lines(of: text))
    }

    /// A script's lines: split at LF, CRLF (one `Character` in Swift, which `split(separator: "\n")` would not
    /// split at) and CR.
    static func lines(of text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    // MARK: State the commands use

    /// The screen on top: the presented modal's, else the main stack's.
    public var screen: Screen? {
        if let modal = router.presented.last as? HeadlessNavigationRouter { return modal.topModule as? Screen }
        return router.topModule as? Screen
    }

    var onboarding: OnboardingCoordinator? { coordinator.childCoordinators.first as? OnboardingCoordinator }
    var auth: AuthCoordinator? { coordinator.childCoordinators.first as? AuthCoordinator }
    var main: MainCoordinator? { coordinator.main }

    func open(url: String) throws { try links.open(url, via: actions) }

    func quit() { isFinished = true }

    func printHelp() {
        say("Commands on this screen:")
        let identifiers = demoCommands.map(\.identifier) + ["Undo", "Redo"]
        commands.buildItems(for: identifiers) { item in
            let title = item.validation.title ?? item.identifier.lowercased()
            say("  \(title.padding(20))\(item.validation.isEnabled ? "" : "(disabled)")")
        }
    }

    // MARK: Input

    private static let names: [String: (name: String, argument: String?)] = [
        "next": ("Next", nil), "login": ("Login", "user"), "signup": ("SignUp", nil), "terms": ("Terms", nil),
        "accept": ("Accept", nil), "register": ("Register", "user"), "open": ("Open", "id"),
        "create": ("Create", nil), "save": ("Save", "title"), "cancel": ("Cancel", nil), "back": ("Back", nil),
        "tab": ("Tab", "name"), "toggle-ids": ("ToggleIDs", nil), "undo": ("Undo", nil), "redo": ("Redo", nil),
        "logout": ("Logout", nil), "help": ("Help", nil), "open-url": ("OpenURL", "url"), "quit": ("Quit", nil),
        "exit": ("Quit", nil),
    ]

    /// Turns typed input (`open 3`) into a command identifier (`Open("id": 3)`); identifiers pass through.
    static func identifier(for input: String) throws -> String {
        let word = String(input.prefix { !$0.isWhitespace })
        // An identifier such as `Open(id: 3)` is passed through; `save Milk (2 l)` is the plain form with a title.
        if word.contains("(") { return input }
        let rest = String(input.dropFirst(word.count)).trimmed
        guard let entry = names[word.lowercased()] else {
            throw DemoProblem(
                "Unknown command '\(DemoText.excerpt(word))'. Type 'help' to see the commands of this screen.")
        }
        guard let argument = entry.argument, !rest.isEmpty else {
            if entry.argument == nil, !rest.isEmpty {
                throw DemoProblem("'\(word)' takes no argument.")
            }
            return entry.name
        }
        let value: CommandValue = Int(rest).map { .int($0) } ?? .string(rest)
        return CommandIdentifier(name: entry.name, arguments: [(argument, value)]).text
    }

    // MARK: Output

    private func message(for error: any Error) -> String {
        switch error {
        case let error as CommandError:
            switch error {
            case .notAllowed(let identifier, let state, _):
                let name = (try? CommandIdentifier(parsing: identifier).name.lowercased()) ?? identifier
                return state == .ineligible
                    ? "'\(name)' is not available on this screen. Type 'help' to see what is."
                    : "'\(name)' is disabled right now. Type 'help' to see why."
            case .failed(_, let underlying): return message(for: underlying)
            case .missingArgument(let identifier, let key): return "'\(identifier.lowercased())' needs a \(key)."
            case .invalidArgument(_, let key, let value, let expected): return "The \(key) \(value) is not \(expected)."
            case .nothingToUndo(let operation): return "There is nothing to \(operation)."
            default: return error.description
            }
        case let error as ActionError:
            if case .unhandled = error { return "That is not available now: log in to see items and settings." }
            return error.description
        default:
            return "\(error)"
        }
    }

    private func say(_ line: String) { output(line) }

    private func render() {
        guard let screen else { return }
        let header = "[\(screen.title)] \(router.description)"
        say(colors ? "\u{1B}[1m\(header)\u{1B}[0m" : header)
        for line in screen.render(store.state) { say(line) }
        if let error = store.state.lastError { say(colors ? "\u{1B}[31m\(error)\u{1B}[0m" : error) }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
