import ConductorDemoKit
import Foundation
import GRDBSQLite
import Testing

/// Runs scripted sessions in process and compares the rendered screens.
@MainActor
struct DemoAppTests {
    let directory: String = {
        let path = NSTemporaryDirectory() + "conductor-demo-tests-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    var databasePath: String { directory + "/demo.sqlite" }

    /// Runs `lines` on a new app over the test database and returns everything printed.
    func session(_ lines: [String], open url: String? = nil) async throws -> [String] {
        var output: [String] = []
        let app = try DemoApp(databasePath: databasePath) { output.append($0) }
        app.start(openURL: url)
        for line in lines {
            output.append("> \(line)")
            await app.handle(line)
        }
        return output
    }

    /// Onboarding and login, the prefix of most sessions.
    let loggedIn = ["next", "login ada"]

    @Test func firstRunShowsOnboardingThenLogin() async throws {
        let output = try await session(["next"])
        #expect(output.first == "[Onboarding] onboarding: Onboarding")
        #expect(
            output.suffix(2) == [
                "[Login] auth: Login", "Log in with 'login <name>', or create an account with 'signup'.",
            ])
    }

    /// A link opened while signed out was refused and forgotten; it is kept, and shows its item right after sign-in.
    @Test func aLinkOpenedWhileSignedOutShowsItsItemRightAfterSignIn() async throws {
        _ = try await session(loggedIn + ["create", "save Milk", "back", "logout"])
        let output = try await session(["open-url conductor-demo://items/1", "login ada"])
        #expect(output.contains("The link opens once you are signed in."))
        #expect(output.suffix(3) == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])
    }

    @Test func aLaunchLinkWhileSignedOutWaitsForSignIn() async throws {
        _ = try await session(loggedIn + ["create", "save Milk", "back", "logout"])
        let output = try await session(["login ada"], open: "conductor-demo://items/1")
        #expect(output.suffix(3) == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])
    }

    @Test func signUpNeedsTheTermsAccepted() async throws {
        let output = try await session(["next", "signup", "register bob", "terms", "accept", "register bob"])
        #expect(output.contains("[Sign up] auth: Login › Sign up"))
        #expect(output.contains("'register' is disabled right now. Type 'help' to see why."))
        #expect(output.contains("[Terms] auth: Login › Sign up › Terms"))
        #expect(output.contains("Terms accepted. Create your account with 'register <name>'."))
        #expect(output.last == "No items yet. Type 'create' to add one.")
    }

    @Test func createShowsTheModalAndASavedItemOpensItsDetail() async throws {
        let output = try await session(loggedIn + ["create", "save Milk", "back"])
        #expect(output.contains("[New item] items: Items [modal create: New item]"))
        #expect(output.contains("[Item #1] items: Items › Item #1"))
        #expect(output.suffix(2) == ["[Items] items: Items", "  #1  Milk"])
    }

    @Test func cancellingCreationReturnsToTheList() async throws {
        let output = try await session(loggedIn + ["create", "cancel"])
        #expect(output.suffix(2) == ["[Items] items: Items", "No items yet. Type 'create' to add one."])
    }

    @Test func undoAndRedoCreation() async throws {
        let output = try await session(loggedIn + ["create", "save Milk", "undo", "back", "redo", "open 1"])
        #expect(output.contains("This item no longer exists. Type 'back'."))
        #expect(output.suffix(3) == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])
    }

    @Test func tabsSettingsAndLogout() async throws {
        let output = try await session(loggedIn + ["tab settings", "toggle-ids", "tab items", "logout"])
        #expect(output.contains("Show item ids: off ('toggle-ids')"))
        #expect(
            output.suffix(2) == [
                "[Login] auth: Login", "Log in with 'login <name>', or create an account with 'signup'.",
            ])
    }

    @Test func helpListsTheScreensCommandsWithDisabledOnesMarked() async throws {
        let output = try await session(loggedIn + ["help"])
        let help = output.drop { $0 != "Commands on this screen:" }
        #expect(help.contains { $0.hasPrefix("  open <id>") && $0.hasSuffix("(disabled)") })
        #expect(help.contains { $0.hasPrefix("  create") && !$0.hasSuffix("(disabled)") })
        #expect(!help.contains { $0.hasPrefix("  accept") })
    }

    @Test func stateAndTheScreenSurviveARestartAndOnboardingIsSkipped() async throws {
        _ = try await session(loggedIn + ["create", "save Milk", "create", "save Bread"])
        let output = try await session(["back"])
        // Reopened where the user left: the item last saved, over the list.
        #expect(output.first == "[Item #2] items: Items › Item #2")
        #expect(output.suffix(3) == ["[Items] items: Items", "  #1  Milk", "  #2  Bread"])
    }

    @Test func aDeepLinkAtLaunchOpensTheItem() async throws {
        _ = try await session(loggedIn + ["create", "save Milk"])
        let output = try await session([], open: "conductor-demo://items/1")
        #expect(output == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])
    }

    @Test func deepLinksAtThePromptGoThroughTheRouter() async throws {
        let output = try await session(
            loggedIn + ["open-url conductor-demo://settings", "open-url conductor-demo://items/9"])
        #expect(output.contains("[Settings] settings: Settings"))
        #expect(output.contains("There is no item #9. 'tab items' lists them."))
    }

    @Test(arguments: [
        ("open-url nonsense", "'nonsense' is not a deep-link URL; expected something like 'conductor-demo://items/3'."),
        ("open-url https://example.com/x", "No deep link uses scheme 'https'"),
        ("open-url conductor-demo://items/abc", "Parameter 'id' of deep link 'conductor-demo://items/abc' is 'abc'"),
    ])
    func malformedOrUnknownDeepLinksAreExplained(line: String, message: String) async throws {
        let output = try await session(loggedIn + [line])
        #expect(output.contains { $0.hasPrefix(message) })
    }

    @Test func aDeepLinkBeforeLoginIsKeptAndSaidSo() async throws {
        let output = try await session(["next"], open: "conductor-demo://items/1")
        #expect(output.first == "The link opens once you are signed in.")
    }

    @Test func badInputGetsAHelpfulAnswer() async throws {
        let output = try await session(
            loggedIn + ["fly away", "accept", "create", "save   ", "open", "next 3", "Open(", "undo"])
        #expect(output.contains("Unknown command 'fly'. Type 'help' to see the commands of this screen."))
        #expect(output.contains("'accept' is not available on this screen. Type 'help' to see what is."))
        #expect(output.contains("An item needs a title: 'save <title>'."))
        #expect(output.contains { $0.hasPrefix("Identifier 'Open(' is malformed at position 5") })
        #expect(output.contains("'undo' is disabled right now. Type 'help' to see why."))
    }

    @Test func quitEndsTheSession() async throws {
        var output: [String] = []
        let app = try DemoApp(databasePath: databasePath) { output.append($0) }
        app.start()
        await app.run(lines: ["quit", "next"])
        #expect(app.isFinished)
        #expect(output.last == "Type 'next' to continue.")
    }

    @Test func aCorruptDatabaseIsReportedAndLeftUntouched() throws {
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: databasePath))
        #expect {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        } throws: { error in
            guard case .corrupt? = error as? DemoDatabaseError else { return false }
            return true
        }
        #expect(try String(contentsOfFile: databasePath, encoding: .utf8) == "not a database")
    }

    @Test func aReadOnlyDatabaseIsReported() async throws {
        _ = try await session(["next"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: databasePath)
        #expect(throws: DemoDatabaseError.readOnly(path: databasePath)) {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        }
    }

    @Test func aDatabaseLockedByAnotherConnectionIsReported() async throws {
        _ = try await session(["next"])
        // Another connection, as another process would hold it: an exclusive transaction left open.
        var other: OpaquePointer?
        #expect(sqlite3_open(databasePath, &other) == SQLITE_OK)
        #expect(sqlite3_exec(other, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        #expect(throws: DemoDatabaseError.locked(path: databasePath)) {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        }
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
        sqlite3_close(other)
    }

    @Test func errorsSayWhatToDo() {
        let errors: [DemoDatabaseError] = [
            .corrupt(path: "p", detail: "d"), .readOnly(path: "p"), .locked(path: "p"),
            .cannotOpen(path: "p", detail: "d"),
            .failed(detail: "d"),
        ]
        for error in errors { #expect(error.description.count > 20) }
    }

    // MARK: One architecture

    @Test func eachTabKeepsItsStackAcrossSwitches() async throws {
        let output = try await session(
            loggedIn + ["create", "save Milk", "tab settings", "toggle-ids", "tab items", "tab settings"])
        let headers = output.filter { $0.hasPrefix("[") }
        #expect(
            headers.suffix(4) == [
                "[Settings] settings: Settings", "[Settings] settings: Settings", "[Item #1] items: Items › Item #1",
                "[Settings] settings: Settings",
            ])
    }

    @Test(arguments: [
        ("conductor-demo://items/1", "[Item #1] items: Items › Item #1"),
        ("conductor-demo://items", "[Items] items: Items"),
        // The item shown when the app was left is reopened; the sheet opens over it.
        ("conductor-demo://items/new", "[New item] items: Items › Item #1 [modal create: New item]"),
        ("conductor-demo://settings", "[Settings] settings: Settings"),
    ])
    func deepLinksReachEachTabThroughTheCoordinatorTree(url: String, header: String) async throws {
        _ = try await session(loggedIn + ["create", "save Milk", "tab settings"])
        let atLaunch = try await session([], open: url)
        #expect(atLaunch.first == header)
        let atPrompt = try await session(["tab settings", "open-url \(url)"])
        #expect(atPrompt.contains(header))
    }

    @Test func helpListsWhatTheVisibleFlowAndItsParentsOffer() async throws {
        let output = try await session(loggedIn + ["tab settings", "help", "tab items", "create", "help"])
        let helps = output.split { $0.hasPrefix("[") || $0.hasPrefix(">") }.filter {
            $0.first == "Commands on this screen:"
        }
        #expect(helps.count == 2)
        let settings = helps[0].joined(separator: "\n")
        #expect(settings.contains("toggle-ids"))
        #expect(!settings.contains("save <title>"))
        let creating = helps[1].joined(separator: "\n")
        #expect(creating.contains("save <title>"))
        #expect(creating.contains("cancel"))
        #expect(!creating.contains("toggle-ids"))
        #expect(!creating.contains("  create"))
    }

    @Test func loggingOutFromSettingsEndsTheItemsFlowWhichAsksForLogin() async throws {
        let output = try await session(
            loggedIn + ["create", "tab settings", "logout", "undo", "login bob", "tab items"])
        #expect(output.contains("[Login] auth: Login"))
        #expect(output.contains("'undo' is disabled right now. Type 'help' to see why."))
        // A new session starts with new flows: the items tab is back at its list, the modal gone.
        #expect(output.suffix(2) == ["[Items] items: Items", "No items yet. Type 'create' to add one."])
    }

    @Test func aSavedItemIsUndoneAndRedoneThroughInverseIntents() async throws {
        let output = try await session(loggedIn + ["create", "save Milk", "help", "undo", "redo", "back"])
        #expect(output.contains { $0.hasPrefix("  Undo Create “Milk”") })
        #expect(output.suffix(2) == ["[Items] items: Items", "  #1  Milk"])
    }

    @Test func identifiersTypedAsSuchAreParsedByTheManager() async throws {
        let output = try await session(loggedIn + ["create", #"Save(title: "Tea (green)")"#])
        #expect(output.suffix(2) == ["Item #1", "Title: Tea (green)"])
    }
}
