import Conductor
import ConductorInspector
import ConductorRecording
import ConductorTesting
import Foundation
import Testing

/// A link the system opened on its own is a step of the exported app test, which `AppTest` opens again.
extension AppTestExportTests {
    enum CountLink: DeepLink, Equatable {
        case count
    }

    /// A flow that counts when the link arrives.
    final class CountingFlow: FlowCoordinator<Void> {
        let store: Store<Counter, CounterIntent, CounterEffect>
        init(store: Store<Counter, CounterIntent, CounterEffect>) {
            self.store = store
            super.init(actionRouter: nil)
        }
        override func handle(deepLink: any DeepLink) -> Bool {
            guard deepLink is CountLink else { return false }
            store.send(.increment)
            return true
        }
    }

    func countLinks() -> DeepLinkMatcher<CountLink> {
        var links = DeepLinkMatcher<CountLink>()
        links.register("counting://count", .count)
        return links
    }

    @Test func aLinkOpenedOnItsOwnIsAStepThatOpensItWithWhatItCaused() async throws {
        let app = try App()
        let flow = CountingFlow(store: app.store)
        app.root.startChild(flow)
        let session = try watching(app)
        let links = countLinks()

        try app.root.open("counting://count", with: links)
        try await app.commands.perform(identifier: "Count")
        await app.store.waitForEffects()
        for _ in 0..<5 { await Task.yield() }

        let script = try JSONDecoder().decode(
            AppTestScript.self, from: Data(try session.exportAppTest(store: "counter").utf8))
        #expect(script.steps.map(\.command) == ["(link)", "Count"])
        #expect(script.steps[0].openedLink == "counting://count")
        #expect(script.steps[0].intents == [#"{"increment":{}}"#])
        #expect(script.steps[0].links.map(\.outcome) == ["taken"])

        let fresh = try App()
        fresh.root.startChild(CountingFlow(store: fresh.store))
        let report = await AppTest(
            script, store: fresh.store, commands: fresh.commands, root: fresh.root,
            openLink: { [root = fresh.root] url in try root.open(url, with: links) }
        ).run()
        #expect(report.differences.isEmpty, "\(report.differences)")
    }
}
