import Conductor
import Observation
import Testing

@MainActor
struct CommandManagerCoordinatorsTests {
    final class Named: Command {
        let identifier: String
        var performed = 0
        init(_ identifier: String) { self.identifier = identifier }
        func perform(context: CommandContext) async throws { performed += 1 }
    }

    /// A flow that offers commands and context while it is on the chain.
    final class Flow: FlowCoordinator<Void>, CommandSupplier, CommandContextProvider {
        let label: String
        let suppliedCommands: [String: any Command]
        init(_ label: String, commands: [String]) {
            self.label = label
            self.suppliedCommands = Dictionary(uniqueKeysWithValues: commands.map { ($0, Named("\(label).\($0)")) })
            super.init(actionRouter: nil)
        }
        func provide(context: CommandContext) { context.append(label, to: .flows) }
    }

    @Test func theVisibleFlowAndItsParentsFormTheChainNearestFirst() async throws {
        let app = Flow("app", commands: ["Help", "Back"])
        let main = Flow("main", commands: ["Back", "Logout"])
        let modal = Flow("modal", commands: ["Save"])
        app.run()
        app.startChild(main)
        main.startChild(modal)
        let manager = CommandManager()
        manager.followCoordinators(from: app)
        #expect(manager.availableIdentifiers() == ["Back", "Help", "Logout", "Save"])
        try await manager.perform(identifier: "Back")
        #expect((main.suppliedCommands["Back"] as? Named)?.performed == 1)
        #expect((app.suppliedCommands["Back"] as? Named)?.performed == 0)
        modal.finish()
        #expect(manager.availableIdentifiers() == ["Back", "Help", "Logout"])
        #expect(manager.validate(identifier: "Save").state == .ineligible)
    }

    final class Probe: Command {
        var flows: [String] = []
        func perform(context: CommandContext) async throws { flows = context[.flows] ?? [] }
    }

    @Test func providersOnTheChainFillTheContextInChainOrder() async throws {
        let app = Flow("app", commands: [])
        let main = Flow("main", commands: [])
        app.run()
        app.startChild(main)
        let manager = CommandManager()
        manager.followCoordinators(from: app)
        let probe = Probe()
        manager.register(probe)
        try await manager.perform(identifier: "Probe")
        #expect(probe.flows == ["main", "app"])
    }

    @Test func theActiveChildChoosesAmongSiblings() throws {
        let tabs = Flow("tabs", commands: [])
        let items = Flow("items", commands: ["Create"])
        let settings = Flow("settings", commands: ["ToggleIDs"])
        tabs.run()
        tabs.startChild(items)
        tabs.startChild(settings)
        let manager = CommandManager()
        manager.followCoordinators(from: tabs)
        #expect(manager.availableIdentifiers() == ["ToggleIDs"])
        tabs.activeChild = items
        #expect(manager.availableIdentifiers() == ["Create"])
        #expect(tabs.activePath.map { ($0 as? Flow)?.label } == ["items", "tabs"])
    }

    @Test func theManagerDoesNotKeepTheTreeAlive() {
        let manager = CommandManager()
        weak var weakRoot: BaseCoordinator?
        do {
            let root = BaseCoordinator(actionRouter: nil)
            weakRoot = root
            manager.followCoordinators(from: root)
        }
        #expect(weakRoot == nil)
        #expect(manager.availableIdentifiers().isEmpty)
    }

    /// A regression: a view that validated a command supplied by the visible flow (a `CommandButton`) was not told
    /// when another flow became visible, so it showed the old flow's validation.
    @Test func aViewThatValidatedIsToldWhenTheActivePathChanges() {
        let app = Flow("app", commands: ["Help"])
        let modal = Flow("modal", commands: ["Save"])
        app.run()
        let manager = CommandManager()
        manager.followCoordinators(from: app)
        let invalidated = Invalidations()
        withObservationTracking {
            _ = manager.validate(identifier: "Save")
        } onChange: {
            // Called where the change is made: on the main actor.
            MainActor.assumeIsolated { invalidated.count += 1 }
        }
        app.startChild(modal)
        #expect(invalidated.count == 1)
        #expect(manager.validate(identifier: "Save").state == .active)
    }

    @MainActor final class Invalidations { var count = 0 }
}

extension CommandKey where Value == [String] {
    static var flows: Self { Self("flows") }
}
