import Conductor

/// A demo command: knows the app, and on which screens it applies.
@MainActor
class DemoCommand: Command {
    unowned let app: DemoApp
    let identifier: String
    /// How `help` shows it: `open <id>`.
    let usage: String
    private let screens: Set<String>?

    /// - Parameter screens: The screens it applies to (by `ScreenKind` name); `nil` for everywhere.
    init(_ app: DemoApp, _ identifier: String, usage: String, on screens: [String]?) {
        self.app = app
        self.identifier = identifier
        self.usage = usage
        self.screens = screens.map(Set.init)
    }

    var appliesHere: Bool {
        guard let screens else { return true }
        return app.screen.map { screens.contains($0.kindName) } ?? false
    }

    func validate(context: CommandContext) -> CommandValidation {
        guard appliesHere else { return .ineligible(reason: "not on this screen") }
        return isPossible ? .active(title: usage) : .inactive(title: usage)
    }

    /// Whether it can run now, where it applies.
    var isPossible: Bool { true }

    func perform(context: CommandContext) async throws {}
}

extension Screen {
    var kindName: String {
        switch kind {
        case .onboarding: "onboarding"
        case .login: "login"
        case .signUp: "signUp"
        case .terms: "terms"
        case .itemsList: "itemsList"
        case .itemDetail: "itemDetail"
        case .itemCreate: "itemCreate"
        case .settings: "settings"
        }
    }
}

private let mainScreens = ["itemsList", "itemDetail", "settings"]

final class NextCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Next", usage: "next", on: ["onboarding"]) }
    override func perform(context: CommandContext) async throws { app.onboarding?.next() }
}

final class LoginCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Login", usage: "login <name>", on: ["login"]) }
    override func perform(context: CommandContext) async throws {
        let name = try DemoText.validated(try context.string("user").trimmed, as: "name")
        guard !name.isEmpty else { throw DemoProblem("A name is needed: 'login <name>'.") }
        app.auth?.logIn(name)
    }
}

final class SignUpCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "SignUp", usage: "signup", on: ["login"]) }
    override func perform(context: CommandContext) async throws { app.auth?.showSignUp() }
}

final class TermsCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Terms", usage: "terms", on: ["signUp"]) }
    override func perform(context: CommandContext) async throws { app.auth?.showTerms() }
}

final class AcceptCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Accept", usage: "accept", on: ["terms"]) }
    override func perform(context: CommandContext) async throws { app.auth?.acceptTerms() }
}

final class RegisterCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Register", usage: "register <name>", on: ["signUp"]) }
    override var isPossible: Bool { app.auth?.termsAccepted ?? false }
    override func perform(context: CommandContext) async throws {
        let name = try DemoText.validated(try context.string("user").trimmed, as: "name")
        guard !name.isEmpty else { throw DemoProblem("A name is needed: 'register <name>'.") }
        app.auth?.logIn(name)
    }
}

final class OpenCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Open", usage: "open <id>", on: ["itemsList", "itemDetail"]) }
    override var isPossible: Bool { !app.store.state.items.isEmpty }
    override func perform(context: CommandContext) async throws {
        try ShowItem(id: Int64(try context.int("id"))).send(to: app.actions)
    }
}

final class CreateCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Create", usage: "create", on: ["itemsList", "itemDetail"]) }
    override func perform(context: CommandContext) async throws { app.main?.runCreation() }
}

final class SaveCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Save", usage: "save <title>", on: ["itemCreate"]) }
    override func perform(context: CommandContext) async throws {
        let title = try DemoText.validated((context["title"]?.stringValue ?? "").trimmed, as: "title")
        guard !title.isEmpty else { throw DemoProblem("An item needs a title: 'save <title>'.") }
        let store = app.store
        store.send(.addItem(title))
        // The persistence handler runs on the main actor as the intent is processed: by now the item has its id, or
        // this write's failure is in `lastError`.
        if let error = store.state.lastError { throw DemoProblem(error) }
        guard let item = store.state.lastAdded else { throw DemoProblem("The item was not saved.") }
        context.undoStack?.register(
            title: "Create “\(title)”",
            undo: { store.send(.removeItem(item.id)) },
            redo: { store.send(.restoreItem(item)) }
        )
        app.main?.creation?.saved(item)
    }
}

final class CancelCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Cancel", usage: "cancel", on: ["itemCreate"]) }
    override func perform(context: CommandContext) async throws { app.main?.creation?.cancel() }
}

final class BackCommand: DemoCommand {
    init(_ app: DemoApp) {
        super.init(
            app, "Back", usage: "back",
            on: ["signUp", "terms", "itemDetail", "itemCreate", "itemsList", "settings", "login"])
    }
    override var isPossible: Bool { !app.router.presented.isEmpty || app.router.canPop }
    override func perform(context: CommandContext) async throws {
        if let creation = app.main?.creation {
            creation.cancel()
        } else {
            try app.router.pop(animated: false)
        }
    }
}

final class TabCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Tab", usage: "tab items|settings", on: mainScreens + ["itemCreate"]) }
    override func perform(context: CommandContext) async throws {
        try ShowTab(name: try context.string("name").trimmed).send(to: app.actions)
    }
}

final class ToggleIDsCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "ToggleIDs", usage: "toggle-ids", on: ["settings"]) }
    override func perform(context: CommandContext) async throws { app.store.send(.toggleIDs) }
}

final class LogoutCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Logout", usage: "logout", on: mainScreens) }
    override func perform(context: CommandContext) async throws {
        context.undoStack?.removeAll()
        app.main?.logOut()
    }
}

final class HelpCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Help", usage: "help", on: nil) }
    override func perform(context: CommandContext) async throws { app.printHelp() }
}

final class OpenURLCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "OpenURL", usage: "open-url <url>", on: nil) }
    override func perform(context: CommandContext) async throws { try app.open(url: try context.string("url").trimmed) }
}

final class QuitCommand: DemoCommand {
    init(_ app: DemoApp) { super.init(app, "Quit", usage: "quit", on: nil) }
    override func perform(context: CommandContext) async throws { app.quit() }
}

/// Rules for the text a user types that the demo stores.
enum DemoText {
    /// The longest title or name stored.
    static let maximumLength = 200

    /// The text as typed, or a problem saying why it cannot be stored as typed: a control character (SQLite's text
    /// would end at a NUL, losing what follows) or more than ``maximumLength`` characters.
    static func validated(_ text: String, as what: String) throws -> String {
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            throw DemoProblem(
                "A \(what) cannot contain control characters (found U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)); type it as plain text."
            )
        }
        guard text.count <= maximumLength else {
            throw DemoProblem("A \(what) is at most \(maximumLength) characters; this one has \(text.count).")
        }
        return text
    }

    /// Text shortened for echoing back in a message.
    static func excerpt(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

/// A message for the user, not a bug.
struct DemoProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension String {
    var trimmed: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
