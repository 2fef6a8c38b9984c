import Conductor
import ConductorDemoKit
import Foundation
import Testing

/// `why`: the chain behind the screen shown, from the library's causes, with no Inspector attached.
extension DemoAppTests {
    @Test func whyAfterALaunchLinkNamesTheLinkThenWhatItStarted() async throws {
        _ = try await session(loggedIn + ["create", "save Milk", "back"])

        let output = try await session(["why"], open: "conductor-demo://items/1")

        let index = try #require(output.firstIndex(of: "> why"))
        #expect(
            output[index + 1]
                == "[Item #1] items: Items › Item #1 shows because of link conductor-demo://items/1, which set off:")
        #expect(output[(index + 2)...].contains("  screen [Item #1] items: Items › Item #1"))
    }

    @Test func whyAfterACommandNamesTheCommandAndTheIntentsItSent() async throws {
        let output = try await session(loggedIn + ["create", "save Milk", "why"])

        let index = try #require(output.lastIndex(of: "> why"))
        #expect(output[index + 1].hasPrefix("[Item #1] items: Items › Item #1 shows because of command Save("))
        #expect(output[(index + 2)...].contains("  intent addItem"))
    }

    @Test func whyOnAScreenNothingChangedSaysWhereTheAppReopened() async throws {
        _ = try await session(loggedIn)

        let output = try await session(["why"])

        #expect(output.contains("Nothing set this screen off since the app started: it is where the app reopened."))
    }
}
