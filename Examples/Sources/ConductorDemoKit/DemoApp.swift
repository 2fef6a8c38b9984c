import Conductor
import Foundation

/// The demo: the seed ApplicationCoordinator's app as a terminal program, built only from Conductor's joins.
///
/// A store holds the state and persists it through an effect handler; coordinators made by factories own the flows,
/// each with its commands, its context and its (scoped) store; the command manager follows the coordinator tree, so
/// what a prompt word may do is what the visible flow and its parents offer; deep links resolve to typed links that
/// the flows take. This type only reads lines, turns words into identifiers, and prints the visible screen.
@MainActor
public final class DemoApp {
    /// What this window shares with the app's other windows.
    public let data: DemoData
    /// The app's store, shared by its windows.
    public let store: AppStore
    /// The items' row stores, one per item by its id: what an item's screen shows, and what a list of rows shows
    /// (the SwiftUI app's). Each ends when its item is removed.
    public let itemRows: StoreRows<Item, ItemIntent>
    let database: DemoDatabase
    /// Where this window keeps where the user is.
    private let navigationSaving: DemoNavigationSaving
    /// The tree saved last (or read at launch), as JSON: a tree that did not change is not written again.
    private var savedNavigation: String?
    /// Whether the navigation saved was written by a newer demo: it is kept, never written over by this one.
    private var keepsNewerNavigation = false
    /// The window's router: its one root is the stack of the flow that runs — onboarding, auth — or the tabs.
    public let router: HostedNavigationRouter
    let actions = ActionRouter(name: "demo")
    /// The router the flows' actions go through: watch it to see every action.
    public var actionRouter: ActionRouter { actions }
    let commands = CommandManager()
    /// Why the screen shown is showing: `why`.
    private let why = WhyLog()
    /// The command manager, following the coordinator tree: for front ends that put it in their environment
    /// (SwiftUI's `CommandButton`) or build menus from it.
    public var commandManager: CommandManager { commands }
    private let links: DeepLinkMatcher<DemoLink>
    /// The demo's URL patterns, which read links and print them: for front ends that carry links in activities.
    public var linkMatcher: DeepLinkMatcher<DemoLink> { links }
    /// The activity type of the demo's Handoff, Spotlight and restoration activities (declared in an app's
    /// `NSUserActivityTypes`).
    public static let activityType = "org.conductor.demo.browsing"
    private var coordinator: AppCoordinator!
    /// Links that arrive before their screen can show — signed out, during onboarding — kept until it can.
    private var deferredLinks: DeferredDeepLinks!
    /// Where the front ends open the links the system hands them (an activity continued, a universal link).
    public var deferredDeepLinks: DeferredDeepLinks { deferredLinks }
    /// The root of the coordinator tree.
    public var rootCoordinator: BaseCoordinator { coordinator }
    private let output: (String) throws -> Void
    private let colors: Bool
    /// The window's flight recorder: the last steps of its session, for `report <path>` — attached at
    /// ``start(openURL:restoring:)`` by each window (what other windows sent to the shared store is in it as intents).
    public internal(set) var recorder: AppFlightRecorder?
    /// Whether the recorder keeps the last steps beside the database (the terminal's).
    var keepsLastSteps = false
    /// Whether the session has ended: `quit` was typed, or the output failed (``outputError``).
    public private(set) var isFinished = false
    /// Why printing failed, if it did (standard output closed or full): the session ended there, and nothing more
    /// is printed or run.
    public private(set) var outputError: (any Error)?

    /// Opens the database and loads the state.
    /// - Parameters:
    ///   - databasePath: The SQLite file; created when missing, never overwritten.
    ///   - frontEnd: The routers and modules of the front end; headless by default.
    ///   - colors: Whether to colour the output (only when it is a terminal).
    ///   - reducer: The store's reducer: `appReducer`, or a changed one in a test that must notice the change.
    ///   - keepsLastSteps: Whether the flight recorder keeps the last steps beside the database while the demo runs
    ///     (``lastStepsPath``), so that a run that does not end cleanly leaves them: the terminal's.
    ///   - output: Receives each line printed; when it throws, the session ends (``outputError``).
    public convenience init(
        databasePath: String,
        frontEnd: DemoFrontEnd = .headless,
        colors: Bool = false,
        reducer: @escaping (inout AppState, AppIntent) -> [AppEffect] = appReducer,
        keepsLastSteps: Bool = false,
        output: @escaping (String) throws -> Void
    ) throws(DemoDatabaseError) {
        let data = try DemoData(databasePath: databasePath, reducer: reducer)
        self.init(window: data, frontEnd: frontEnd, colors: colors, navigation: .database, output: output)
        self.keepsLastSteps = keepsLastSteps
    }

    /// A window of the app over `data`: a coordinator tree, routers, commands, action routing and links of its
    /// own, over the state every window shares — a push in one window never shows in another.
    /// - Parameters:
    ///   - data: The state the app's windows share.
    ///   - frontEnd: The routers and modules of the front end; headless by default.
    ///   - colors: Whether to colour the output (only when it is a terminal).
    ///   - navigation: Where the window keeps where the user is: the database (one window) or the window itself.
    ///   - output: Receives each line printed; when it throws, the session ends (``outputError``).
    public init(
        window data: DemoData,
        frontEnd: DemoFrontEnd = .headless,
        colors: Bool = false,
        navigation: DemoNavigationSaving = .window,
        output: @escaping (String) throws -> Void
    ) {
        router = frontEnd.routers.makeWindow(name: "window")
        self.data = data
        database = data.database
        store = data.store
        itemRows = data.itemRows
        navigationSaving = navigation
        self.output = output
        self.colors = colors
        links = demoLinks()
        let database = data.database
        let factory = CoordinatorFactory(
            store: store,
            modules: ModuleFactory(databasePath: database.path, itemRows: itemRows, wrap: frontEnd.module),
            routers: frontEnd.routers, actions: actions, report: { [weak self] in self?.say($0) })
        coordinator = AppCoordinator(window: router, factory: factory)
        commands.followCoordinators(from: coordinator)
        // "Why is this screen showing?" from the library's causes, with no Inspector.
        Causes.addObserver(why)
        store.middlewares.append(why)
        commands.middlewares.append(why)
        coordinator.addDeepLinkObserver(owner: why) { [weak why] event in
            why?.note(event.error == nil ? nil : "link kept")
        }
        let store = store
        // A link that arrives while the creation sheet is open is offered over it: the items flow brings its own
        // navigation to the link — closing the sheet only once the link's screen is built — so a link to an item
        // that is gone says so and leaves the sheet as it was.
        deferredLinks = DeferredDeepLinks(
            root: coordinator, requirements: [.signedIn: { store.state.session.user != nil }], modals: .offerOver)
        let app: [any Command] = [
            ClosureCommand("Help", title: "help") { [weak self] _ in self?.printHelp() },
            ClosureCommand("OpenURL", title: "open-url <url>") { [weak self] context in
                guard let self else { return }
                try open(url: try context.string("url").trimmed)
            },
            ClosureCommand("Link", title: "link") { [weak self] _ in
                guard let self else { return }
                guard let link = shownLink, let url = links.url(for: link) else {
                    throw DemoProblem("This screen has no link: links open the signed-in app's screens.")
                }
                say(url)
            },
            ClosureCommand("Why", title: "why") { [weak self] _ in
                guard let self else { return }
                for line in why.lines { say(line) }
            },
            ClosureCommand("Quit", title: "quit") { [weak self] _ in self?.isFinished = true },
            ClosureCommand("Report", title: "report <path>") { [weak self] context in
                guard let self else { return }
                try writeReport(to: try context.string("path").trimmed)
            },
            UndoCommand(), RedoCommand(),
        ]
        commands.register(app)
    }

    // MARK: Running

    /// Starts the flows where the user left them (``saveNavigation()``), opens a launch deep link if given, and
    /// prints the first screen.
    /// - Parameters:
    ///   - openURL: A link to open once the flows are where the user left them.
    ///   - saved: Where the window was, as ``navigationJSON()`` gave it, for a window that keeps it itself
    ///     (``DemoNavigationSaving/window``); the database's for the terminal's window.
    public func start(openURL: String? = nil, restoring saved: String? = nil) {
        coordinator.run()
        switch navigationSaving {
        case .database: reopenNavigation()
        case .window: if let saved { reopen(saved) }
        }
        // Recording starts where the user starts: the steps after this point replay from here. Each window records
        // its own: its commands and links, and what other windows sent to the store they share as intents.
        recorder = AppFlightRecorder(
            store: store, commands: commands, root: coordinator, maximumBytes: 256 << 10,
            redaction: Self.redaction, appVersion: "conductor-demo 1", ignoring: ["Report", "Quit"])
        if keepsLastSteps { keepLastSteps() }
        if let openURL {
            do { try open(url: openURL) } catch { say(message(for: error)) }
        }
        render()
    }

    /// The window closes: what it added to what the windows share — its "why" log on the shared store and on the
    /// causes — leaves with it, and its flows end.
    public func close() {
        recorder?.detach()
        store.middlewares.removeAll { ($0 as AnyObject) === why }
        Causes.removeObserver(why)
        coordinator.removeAllChildren()
        isFinished = true
    }

    /// Handles one line of input, then prints the screen.
    public func handle(_ line: String) async {
        let text = line.trimmed
        guard !text.isEmpty else { return }
        do {
            switch try Self.input(text) {
            case .identifier(let identifier): try await commands.perform(identifier)
            case .text(let text): try await commands.perform(identifier: text)
            }
        } catch {
            say(message(for: error))
        }
        saveNavigation()
        if !isFinished { render() }
    }

    // MARK: Where the user left off

    /// Saves the coordinator tree — screens, tabs, the creation sheet — in the database, so that the next launch
    /// reopens there: for a window that keeps its place in the database (``DemoNavigationSaving/database``, the
    /// terminal's); a window that keeps its own saves ``navigationJSON()`` where its app does. The terminal saves after
    /// each line that changed it.
    public func saveNavigation() {
        guard !keepsNewerNavigation, navigationSaving == .database, let json = navigationJSON() else { return }
        do {
            guard json != savedNavigation else { return }
            try database.saveNavigation(json)
            savedNavigation = json
        } catch {
            say("Where you are could not be saved: \(error).")
        }
    }

    /// Where the user is in this window — screens, tabs, the creation sheet — as the JSON of its navigation tree:
    /// what a window that keeps its own place saves (SwiftUI's `@SceneStorage`), and gives back to
    /// ``start(openURL:restoring:)``. `nil`, said, when it cannot be written.
    public func navigationJSON() -> String? {
        let (tree, _) = NavigationTree.capture(coordinator)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return String(decoding: try encoder.encode(tree), as: UTF8.self) } catch {
            say("Where you are could not be saved: \(error).")
            return nil
        }
    }

    /// Restores the tree saved last over the flows the state started. A saved place that cannot show any more (its
    /// item was deleted) is said, and the flow stays at its start.
    private func reopenNavigation() {
        let saved: String?
        do { saved = try database.loadNavigation() } catch {
            return say(
                "Where you left off could not be read (\(DemoText.excerpt("\(error)", limit: 200))); starting at the "
                    + "beginning.")
        }
        guard let saved else { return }
        savedNavigation = saved
        reopen(saved)
    }

    /// Restores `saved` over the flows the state started, saying what could not be.
    private func reopen(_ saved: String) {
        let tree: NavigationTree
        do { tree = try NavigationTree(json: Data(saved.utf8)) } catch {
            // A newer demo's navigation is kept for it: this run does not write over what it cannot read.
            if let version = Self.savedVersion(saved), version > NavigationTree.formatVersion {
                keepsNewerNavigation = true
                return say(
                    "Where you left off was saved by a newer version of the demo (format \(version)); it is kept as "
                        + "it is, and this run starts at the beginning.")
            }
            return say(
                "Where you left off could not be read (\(DemoText.excerpt("\(error)", limit: 200))); starting at the "
                    + "beginning.")
        }
        for skipped in tree.restore(into: coordinator).skipped {
            // A flow the state no longer starts (signed out since) is not a loss; a place that failed is said.
            // The reason quotes saved text (a tab's name): control characters are shown as code points, never sent
            // to the terminal.
            switch skipped.reason {
            case .failed(let reason): say("Not reopened: \(DemoText.excerpt(reason, limit: 200))")
            case .modulesWithoutDestination(let modules):
                say("Not reopened: \(DemoText.excerpt(modules.joined(separator: ", "), limit: 200))")
            case .notRestorable, .notFound: break
            }
        }
    }

    /// The format version of a saved navigation, when its JSON has one.
    private static func savedVersion(_ json: String) -> Int? {
        struct Versioned: Decodable { let version: Int }
        // Only a peek, and only at what the tree's own reader would read: the error of reading the tree itself has
        // been said by the caller, and text past the size limit is not decoded at all.
        guard json.utf8.count <= NavigationTree.maximumJSONSize else { return nil }
        return (try? JSONDecoder().decode(Versioned.self, from: Data(json.utf8)))?.version
    }

    /// Handles one line read from a script or standard input: runs its text, or says why it was refused.
    public func handle(_ line: DemoLine) async {
        switch line {
        case .text(let text): await handle(text)
        case .refused(let reason): say(reason)
        }
    }

    /// Runs every line of `input`, as a script, until the session ends.
    public func run(lines input: some Sequence<String>) async {
        for line in input where !isFinished { await handle(line) }
    }

    /// Runs a script's text line by line, split as ``DemoLineReader`` splits a file: at LF and CRLF only.
    public func run(script text: String) async {
        var reader = DemoLineReader(chunks: [Array(text.utf8)])
        do {
            while !isFinished, let line = try reader.next() { await handle(line) }
        } catch {
            // Text in memory cannot fail to read; said rather than dropped all the same.
            say("The script could not be read: \(error).")
        }
    }

    /// Runs the lines of `source` as they are read, one at a time, until the input or the session ends.
    /// - Throws: ``DemoReadError`` when reading fails; the lines before it have run.
    public func run(script source: DemoLineSource) async throws {
        while !isFinished, let line = try await source.next() { await handle(line) }
    }

    /// Resolves a URL to a typed link and offers it down the coordinator tree.
    /// Opens a link now, or keeps it until its screen can show (after sign-in), saying so.
    func open(url: String) throws(DeepLinkError) {
        guard try !deferredLinks.open(url, with: links) else { return }
        say("The link opens once you are signed in.")
    }

    /// The link of the screen shown, read from the links table of the flow that shows it (`LinkedFlow`): opening it
    /// in a new run shows the same screen.
    public var shownLink: DemoLink? { coordinator.shownLink(as: DemoLink.self) }

    /// Lists what the responder chain offers on this screen, validated, disabled ones marked.
    func printHelp() {
        say("Commands on this screen:")
        for item in availableCommands {
            let title = item.validation.title ?? item.identifier.lowercased()
            say("  \(title.padding(20))\(item.validation.isEnabled ? "" : "(disabled)")")
        }
    }

    // MARK: Input

    /// What a line asks for: words made into a command identifier (parsed once, here), or an identifier typed as
    /// such (`Open(id: 3)`), which the manager parses.
    enum Input: Equatable {
        case identifier(CommandIdentifier)
        case text(String)
    }

    /// What a prompt word's argument is, decided per word: typed text is never guessed at.
    enum Argument {
        /// Text under this key, kept as typed whatever it looks like: `save 007` saves "007", `login 1e5` logs in
        /// "1e5".
        case text(String)
        /// A whole number under this key: an id, such as `open 3`.
        case integer(String)
    }

    private static let words: [String: (name: String, argument: Argument?)] = [
        "next": ("Next", nil), "login": ("Login", .text("user")), "signup": ("SignUp", nil), "terms": ("Terms", nil),
        "accept": ("Accept", nil), "register": ("Register", .text("user")), "open": ("Open", .integer("id")),
        "create": ("Create", nil), "save": ("Save", .text("title")), "rename": ("Rename", .text("title")),
        "cancel": ("Cancel", nil), "back": ("Back", nil),
        "tab": ("Tab", .text("name")), "toggle-ids": ("ToggleIDs", nil), "undo": ("Undo", nil), "redo": ("Redo", nil),
        "logout": ("Logout", nil), "help": ("Help", nil), "link": ("Link", nil), "open-url": ("OpenURL", .text("url")),
        "why": ("Why", nil), "quit": ("Quit", nil), "report": ("Report", .text("path")),
        "exit": ("Quit", nil),
    ]

    /// Turns typed input (`open 3`) into a command identifier (`Open(id: 3)`). The first word is the command; the
    /// rest, trimmed, its argument: text for most words, a whole number for an id.
    static func input(_ text: String) throws -> Input {
        // Split at the first whitespace scalar: a mark that combines with the space is the argument's, not the word's.
        let scalars = text.unicodeScalars
        let wordEnd = scalars.firstIndex { $0.properties.isWhitespace } ?? scalars.endIndex
        let word = String(scalars[..<wordEnd])
        // An identifier such as `Open(id: 3)` is passed through; `save Milk (2 l)` is the plain form with a title.
        if word.contains("(") { return .text(text) }
        let rest = String(scalars[wordEnd...]).trimmed
        guard let entry = words[word.lowercased()] else {
            throw DemoProblem(
                "Unknown command '\(DemoText.excerpt(word))'. Type 'help' to see the commands of this screen.")
        }
        guard let argument = entry.argument else {
            guard rest.isEmpty else { throw DemoProblem("'\(word)' takes no argument.") }
            return .identifier(CommandIdentifier(name: entry.name))
        }
        guard !rest.isEmpty else { return .identifier(CommandIdentifier(name: entry.name)) }
        switch argument {
        case .text(let key):
            return .identifier(CommandIdentifier(name: entry.name, arguments: [(key, .string(rest))]))
        case .integer(let key):
            guard let number = Int(rest) else {
                throw DemoProblem(
                    "'\(word)' takes a whole number, such as '\(word) 3'; '\(DemoText.excerpt(rest))' is not one.")
            }
            return .identifier(CommandIdentifier(name: entry.name, arguments: [(key, .int(number))]))
        }
    }

    // MARK: Output

    private func message(for error: any Error) -> String {
        switch error {
        case let error as CommandError:
            let word = Self.word(for: error.identifier)
            switch error.code {
            case .notAllowed:
                return error.state == .ineligible
                    ? "'\(word)' is not available on this screen. Type 'help' to see what is."
                    : "'\(word)' is disabled right now. Type 'help' to see why."
            case .unknownCommand: return "'\(word)' is not available on this screen. Type 'help' to see what is."
            case .failed: return error.underlyingError.map { message(for: $0) } ?? error.description
            case .missingArgument: return "'\(word)' needs a \(error.key ?? "value")."
            case .invalidArgument:
                return "The \(error.key ?? "value") \(error.value ?? "") is not \(error.expected ?? "valid")."
            case .nothingToUndo: return "There is nothing to \(error.operation ?? "undo")."
            default: return error.description
            }
        case let error as DeepLinkError:
            if error.code == .malformedURL {
                return
                    "'\(error.url ?? "")' is not a deep-link URL; expected something like 'conductor-demo://items/3'."
            }
            return error.description
        case let error as ActionError:
            return error.description
        default:
            return "\(error)"
        }
    }

    /// The prompt word for an identifier's command: `Open(id: 3)` → `open`.
    private static func word(for identifier: CommandIdentifier?) -> String {
        guard let name = identifier?.name else { return "" }
        return words.first { $0.value.name == name && $0.key != "exit" }?.key ?? name.lowercased()
    }

    /// Prints a line. The first failure to print ends the session: it is kept in ``outputError``, and nothing more
    /// is printed or run (a script's next lines included).
    func say(_ line: String, bold: Bool = false) {
        guard outputError == nil else { return }
        // What a line carries (a link, a saved name, a title) never reaches the terminal as a control character.
        let shown = DemoText.shown(line)
        do { try output(bold ? "\u{1B}[1m\(shown)\u{1B}[0m" : shown) } catch {
            outputError = error
            isFinished = true
        }
    }

    /// The stack the user sees: the library's one read of it (the selected tab's, the modal presented over it).
    var visibleRouter: any NavigationRouter { router.visibleRouter }

    /// The screen on top of the visible stack.
    public var screen: Screen? { (visibleRouter.visibleModule as? any ScreenModule)?.screen }

    /// The visible screen as lines of text — its header, its body from the state, and the last write's failure — for
    /// any front end: the terminal prints them, the SwiftUI and UIKit examples show them.
    public var visibleLines: [String] {
        guard let screen else { return [] }
        // The stack the window shows — the flow's, or the selected tab's — which prints the modal presented over it.
        let stack =
            (router.topModule as? TabRouter)?.selectedRouter ?? router.topModule as? any NavigationRouter
            ?? visibleRouter
        return ["[\(screen.title)] \(stack.name): \(stack.breadcrumb)"] + screen.render(store.state)
    }

    /// What the visible flow and its parents offer, validated: for a front end's buttons and menus.
    public var availableCommands: [CommandManager.Item] {
        var items: [CommandManager.Item] = []
        commands.buildItems(for: commands.availableIdentifiers()) { items.append($0) }
        return items
    }

    func render() {
        let lines = visibleLines
        guard let header = lines.first else { return }
        why.shown(header)
        say(header, bold: colors)
        for line in lines.dropFirst() { say(line) }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
