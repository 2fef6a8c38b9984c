import Conductor
import ConductorDemoKit
import Foundation
import Testing

/// Links in both directions: the screen shown prints its link, which opens the same screen in a new run; links wait
/// for what they need.
extension DemoAppTests {
    @Test(arguments: [
        (["create", "save Milk"], "conductor-demo://items/1"),
        (["create", "save Milk", "back"], "conductor-demo://items"),
        (["create"], "conductor-demo://items/new"),
        (["tab settings"], "conductor-demo://settings"),
    ])
    func theLinkOfTheScreenShownOpensThatScreenInANewRun(lines: [String], expected: String) async throws {
        let output = try await session(loggedIn + lines + ["link"])
        let index = try #require(output.lastIndex(of: "> link"))
        #expect(output[index + 1] == expected)
        let screen = output[output[..<index].lastIndex { $0.hasPrefix("[") }!]

        // Another place first, then the link in a new run.
        _ = try await session(["tab items", "back", "cancel", "tab settings"])
        let reopened = try await session([], open: expected)
        #expect(reopened.first == screen)
    }

    /// A link that cannot be shown leaves the user where they were: on an item's screen, or in the creation sheet.
    @Test func aLinkToAnItemThatIsGoneLeavesTheScreenAsItWas() async throws {
        let output = try await session(
            loggedIn + [
                "create", "save Milk", "open-url conductor-demo://items/999", "create",
                "open-url conductor-demo://items/999",
            ])
        let first = try #require(output.firstIndex(of: "> open-url conductor-demo://items/999"))
        #expect(output[first + 1] == "There is no item #999. 'tab items' lists them.")
        #expect(output[first + 2] == "[Item #1] items: Items › Item #1")
        let second = try #require(output.lastIndex(of: "> open-url conductor-demo://items/999"))
        #expect(output[second + 2] == "[New item] items: Items › Item #1 [modal create: New item]")
    }

    @Test func aScreenWithoutALinkSaysSo() async throws {
        let output = try await session(["link"])
        #expect(output.contains { $0.hasPrefix("[Onboarding]") })
        #expect(output.contains("This screen has no link: links open the signed-in app's screens."))
    }

    /// The kept settings link is shown in the Settings tab after sign-in (it was reported taken while Items showed).
    @Test func aSettingsLinkOpenedWhileSignedOutShowsSettingsAfterSignIn() async throws {
        let output = try await session(["next", "open-url conductor-demo://settings", "login ada"])
        #expect(output.contains("The link opens once you are signed in."))
        #expect(output.suffix(4).first == "[Settings] settings: Settings")
    }

    @Test(arguments: ["conductor-demo://items/+1", "conductor-demo://items/01", "conductor-demo://items/0"])
    func anItemIdWrittenOtherwiseThanItsLinkIsRefused(url: String) async throws {
        let output = try await session(loggedIn + ["create", "save Milk", "back", "open-url \(url)"])
        #expect(output.contains { $0.contains("is not an item id") })
        #expect(output.last?.hasSuffix("Milk") == true)
        #expect(output.suffix(2).first?.hasPrefix("[Items] items: Items") == true)
    }

    /// Nothing a link carries reaches the terminal as a control or bidi character: not in the error, not echoed.
    @Test(arguments: [
        "open-url conductor-demo://items/\u{1B}[2J", "open-url conductor-demo://items/%1B%5B2J",
        "open-url conductor-demo://\u{202E}items", "open-url conductor-demo://items/1\u{2028}x",
    ])
    func aHostileLinkIsShownEscaped(line: String) async throws {
        let output = try await session(loggedIn + [line])
        let printed = output.filter { !$0.hasPrefix("> ") }.joined(separator: " ")
        #expect(!printed.unicodeScalars.contains { DemoText.drivesTheTerminal($0) }, "\(printed)")
    }

    @Test func aSavedTabNameWithBidiAndLineSeparatorsIsShownEscaped() async throws {
        _ = try await session(loggedIn)
        try DemoDatabase(path: databasePath).saveNavigation(
            #"{"version":2,"root":{"name":"AppCoordinator","children":[{"name":"MainCoordinator","#
                + #""selectedTab":"a\u2028b\u202Ec","children":[]}]}}"#)
        let output = try await session([])
        #expect(output.contains { $0.contains("aU+2028bU+202Ec") })
        #expect(!output.joined().unicodeScalars.contains { DemoText.drivesTheTerminal($0) })
    }
}
