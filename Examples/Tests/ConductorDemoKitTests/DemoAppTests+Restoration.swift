import Conductor
import ConductorDemoKit
import Foundation
import Testing

/// The demo reopens where the user left it: every flow's stacks, tabs and sheets, saved in its database.
extension DemoAppTests {
    /// What the user sees and could go back to: the window's root, each stack (the flow's or the tabs', sheets
    /// included), the selected tab, and the visible screen's lines.
    @MainActor
    static func picture(_ app: DemoApp) -> [String] {
        var lines = ["window: \(app.router.breadcrumb)"]
        if let stack = app.router.topModule as? any NavigationRouter {
            lines.append("\(stack.name): \(stack.breadcrumb)")
        }
        if let tabs = app.router.topModule as? TabRouter {
            lines.append("selected: \(tabs.selectedTab)")
            for name in tabs.tabNames { lines.append("\(name): \(tabs[name]?.breadcrumb ?? "-")") }
        }
        return lines + app.visibleLines
    }

    /// Runs `lines` on a new app, then launches another on the same database: the pictures of both.
    func leaveAndReopen(_ lines: [String]) async throws -> (left: [String], reopened: [String]) {
        let left = try DemoApp(databasePath: databasePath) { _ in }
        left.start()
        for line in lines { await left.handle(line) }
        var said: [String] = []
        let reopened = try DemoApp(databasePath: databasePath) { said.append($0) }
        reopened.start()
        #expect(!said.contains { $0.hasPrefix("Not reopened") || $0.contains("could not") }, "\(said)")
        return (Self.picture(left), Self.picture(reopened))
    }

    @Test(arguments: [
        ("onboarding", []),
        ("login", ["next"]),
        ("sign-up", ["next", "signup"]),
        ("terms", ["next", "signup", "terms"]),
        ("terms accepted", ["next", "signup", "terms", "accept"]),
        ("items list", ["next", "login ada"]),
        ("item detail", ["next", "login ada", "create", "save Milk"]),
        ("creation sheet", ["next", "login ada", "create"]),
        ("creation sheet over a detail", ["next", "login ada", "create", "save Milk", "create"]),
        ("settings tab", ["next", "login ada", "tab settings"]),
        ("settings over a detail", ["next", "login ada", "create", "save Milk", "tab settings"]),
    ])
    func everyFlowReopensWithTheSameStacksTabsAndSheets(place: String, lines: [String]) async throws {
        let (left, reopened) = try await leaveAndReopen(lines)
        #expect(reopened == left, "\(place)")
    }

    @Test func theReopenedScreensWorkAsBefore() async throws {
        _ = try await leaveAndReopen(["next", "signup", "terms", "accept"])
        let output = try await session(["register bob"])
        #expect(output.last == "No items yet. Type 'create' to add one.")

        _ = try await session(["create"])
        let saved = try await session(["save Milk"])
        #expect(saved.suffix(3) == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])
    }

    @Test func anItemDeletedSinceIsSaidAndTheListShown() async throws {
        // The item's detail was shown, then its creation undone (in another run, or another process).
        _ = try await session(loggedIn + ["create", "save Milk"])
        let database = try DemoDatabase(path: databasePath)
        try database.deleteItem(id: 1)

        let output = try await session([])
        #expect(output.first == "Not reopened: There is no item #1. 'tab items' lists them.")
        #expect(output.dropFirst().first == "[Items] items: Items")
    }

    @Test func whereTheUserLeftIsSavedInTheDatabaseAsATree() async throws {
        _ = try await session(loggedIn + ["create", "save Milk", "tab settings"])
        let json = try #require(try DemoDatabase(path: databasePath).loadNavigation())
        let tree = try JSONDecoder().decode(NavigationTree.self, from: Data(json.utf8))
        let main = try #require(tree.root.children.first)
        #expect(tree.root.name == "AppCoordinator")
        #expect(main.name == "MainCoordinator")
        #expect(main.selectedTab == "settings")
        #expect(main.children.map(\.name) == ["ItemsCoordinator", "SettingsCoordinator"])
        // The Items flow's navigation, as its destinations: nothing written for it but the destinations themselves.
        #expect(
            main.children.first?.navigation
                == .object([
                    "stack": .array([.object(["list": .object([:])]), .object(["item": .object(["_0": .int(1)])])])
                ]))
    }

    @Test func unreadableSavedNavigationIsSaidAndTheAppStartsAtItsFirstScreen() async throws {
        _ = try await session(loggedIn + ["create", "save Milk"])
        try DemoDatabase(path: databasePath).saveNavigation(#"{"version": 1, "root": "#)

        let output = try await session([])
        #expect(output.first?.hasPrefix("Where you left off could not be read") == true)
        #expect(output.dropFirst().first == "[Items] items: Items")
    }

    @Test func aLaunchLinkWinsOverTheSavedPlace() async throws {
        _ = try await session(loggedIn + ["create", "save Milk", "create", "save Bread", "tab settings"])
        let output = try await session([], open: "conductor-demo://items/1")
        #expect(output.first == "[Item #1] items: Items › Item #1")
    }

    /// Saved navigation is data from disk: a tab name with an escape sequence is quoted, not sent to the terminal;
    /// an id beyond any item is said; nesting deeper than JSON allows is refused.
    @Test func hostileSavedNavigationIsSaidNeverExecuted() async throws {
        _ = try await session(loggedIn + ["create", "save Milk"])
        let database = try DemoDatabase(path: databasePath)
        try database.saveNavigation(
            #"{"version":2,"root":{"name":"AppCoordinator","children":[{"name":"MainCoordinator","selectedTab":"\u001b[2J","#
                + #""children":[{"name":"ItemsCoordinator","navigation":{"stack":[{"list":{}},"#
                + #"{"item":{"_0":9223372036854775807}}],"presented":{"create":{}}},"children":[]}]}]}}"#)
        let output = try await session([])
        #expect(!output.joined().contains("\u{1B}"))
        #expect(output.contains { $0.hasPrefix("Not reopened: Tab container 'tabs' has no tab 'U+001B[2J'") })
        #expect(output.contains("Not reopened: There is no item #9223372036854775807. 'tab items' lists them."))

        try database.saveNavigation(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        let nested = try await session([])
        #expect(nested.first?.hasPrefix("Where you left off could not be read") == true)
        let screen = nested.dropFirst().first
        #expect(screen == "[Item #1] items: Items › Item #1" || screen == "[Items] items: Items")
    }

    /// A newer demo's saved navigation is kept for it: this one says so, starts at the beginning and never writes
    /// over it.
    @Test func aNavigationSavedByANewerVersionIsKeptNotOverwritten() async throws {
        _ = try await session(loggedIn + ["create", "save Milk"])
        let newer = #"{"version":99,"root":{"name":"AppCoordinator","children":[]}}"#
        try DemoDatabase(path: databasePath).saveNavigation(newer)

        let output = try await session(["tab settings", "tab items"])
        #expect(output.first?.contains("saved by a newer version of the demo (format 99)") == true)
        #expect(try DemoDatabase(path: databasePath).loadNavigation() == newer)
    }

    @Test func aNegativeFormatVersionIsRefused() async throws {
        _ = try await session(loggedIn + ["create", "save Milk"])
        try DemoDatabase(path: databasePath).saveNavigation(
            #"{"version":-1,"root":{"name":"AppCoordinator","children":[]}}"#)

        let output = try await session([])
        #expect(output.first?.hasPrefix("Where you left off could not be read") == true)
        #expect(output.first?.contains("formats start at 1") == true)
    }

    @Test func aSavedNavigationPastTheSizeLimitIsRefusedUnread() async throws {
        _ = try await session(loggedIn + ["create", "save Milk"])
        let padding = String(repeating: " ", count: NavigationTree.maximumJSONSize)
        try DemoDatabase(path: databasePath).saveNavigation(
            #"{"version":2,"root":{"name":"AppCoordinator"}}"# + padding)

        let output = try await session([])
        #expect(output.first?.contains("at most 1048576 are read") == true)
        #expect(output.dropFirst().first == "[Items] items: Items")
    }
}
