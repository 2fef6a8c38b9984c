import Conductor
import ConductorDemoKit
import Foundation
import Testing

/// One window, one tree: two windows of the demo share the state, never their navigation.
extension DemoAppTests {
    /// Two windows over the state of one app, each keeping its own place.
    func twoWindows() throws -> (data: DemoData, first: DemoApp, second: DemoApp) {
        let data = try DemoData(databasePath: databasePath)
        let first = DemoApp(window: data) { _ in }
        let second = DemoApp(window: data) { _ in }
        first.start()
        second.start()
        return (data, first, second)
    }

    @Test func twoWindowsNeverShareAPushButShareTheItems() async throws {
        let (_, first, second) = try twoWindows()
        for line in loggedIn + ["create", "save Milk"] { await first.handle(line) }
        // The second window signed in with the first (the session is state) and shows the list, not Milk's screen.
        await second.handle("tab items")
        #expect(first.visibleLines.first == "[Item #1] items: Items › Item #1")
        #expect(second.visibleLines.first == "[Items] items: Items")
        #expect(second.visibleLines.contains { $0.contains("Milk") })
        await second.handle("open 1")
        await first.handle("back")
        #expect(second.visibleLines.first == "[Item #1] items: Items › Item #1")
        #expect(first.visibleLines.first == "[Items] items: Items")
        #expect(first.actionRouter !== second.actionRouter)
        #expect(first.commandManager !== second.commandManager)
    }

    @Test func eachWindowReopensAtItsOwnPlace() async throws {
        let (data, first, second) = try twoWindows()
        for line in loggedIn + ["create", "save Milk", "create", "save Eggs"] { await first.handle(line) }
        await second.handle("tab settings")
        let firstPlace = try #require(first.navigationJSON())
        let secondPlace = try #require(second.navigationJSON())
        first.close()
        second.close()
        let reopenedFirst = DemoApp(window: data) { _ in }
        reopenedFirst.start(restoring: firstPlace)
        let reopenedSecond = DemoApp(window: data) { _ in }
        reopenedSecond.start(restoring: secondPlace)
        #expect(reopenedFirst.visibleLines.first == "[Item #2] items: Items › Item #2")
        #expect(reopenedSecond.visibleLines.first == "[Settings] settings: Settings")
    }

    @Test func aClosedWindowLeavesNothingOnTheSharedStore() throws {
        let (data, first, second) = try twoWindows()
        let middlewares = data.store.middlewares.count
        #expect(data.store.intentTaps.count == 2)
        second.close()
        #expect(data.store.middlewares.count == middlewares - 1)
        // Each window records the shared store; closing it lets its tap go.
        #expect(data.store.intentTaps.count == 1)
        #expect(second.isFinished)
        #expect(!first.isFinished)
        first.close()
        #expect(data.store.intentTaps.isEmpty)
    }

    /// Each window's report holds its own commands, and what the other window sent as intents: it replays to the
    /// items both windows see.
    @Test func eachWindowRecordsItsOwnReportAndItReplaysTheSharedItems() async throws {
        let (_, first, second) = try twoWindows()
        for line in loggedIn + ["create", "save Milk"] { await first.handle(line) }
        await second.handle("tab settings")
        let firstSteps = try #require(first.recorder).report().steps.map(\.command)
        let secondSteps = try #require(second.recorder).report().steps.map(\.command)
        #expect(firstSteps.contains { $0.hasPrefix("Save") })
        #expect(!firstSteps.contains { $0.hasPrefix("Tab") })
        #expect(secondSteps.contains { $0.hasPrefix("Tab") })
        #expect(secondSteps.contains("(intents)"))
        #expect(!secondSteps.contains { $0.hasPrefix("Save") })
        let (replayed, report) = try await replayReport(try #require(second.recorder).report())
        #expect(report.differences.isEmpty, "\(report.differences)")
        #expect(replayed.store.state.items.all.map(\.title) == ["Milk"])
        #expect(replayed.screen?.title == second.screen?.title)
    }
}
