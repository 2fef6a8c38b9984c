// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorCommands' doc comments, compiled and run.
import ConductorActions
import ConductorCommands
import ConductorCoordinators
import Logging
import Testing

private struct ShowItem: Action { let id: Int }

/// What the examples' commands change.
@MainActor private final class Documents {
    var opened: [Int] = []
    func open(id: Int) async throws { opened.append(id) }
}
@MainActor private let documents = Documents()

@MainActor private final class Model { var name = "Untitled" }
@MainActor private let model = Model()

@MainActor private final class StatusBar {
    var messages: [String] = []
    func show(_ message: String) { messages.append(message) }
}
@MainActor private final class Analytics {
    var names: [String] = []
    func record(_ name: String) { names.append(name) }
}

/// The command of `CommandManager`'s page: active with an id.
@MainActor private final class OpenCommand: Command {
    func validate(context: CommandContext) -> CommandValidation {
        context["id"] == nil ? .inactive(title: "Open") : .active(title: "Open")
    }
    func perform(context: CommandContext) async throws {
        try await documents.open(id: try context.int("id"))
    }
}

// MARK: Commands

/// ClosureCommand.swift: a Back command of a flow that owns a router.
@MainActor private final class ItemsFlow {
    let router = HeadlessNavigationRouter(name: "items")

    func makeBackCommand() -> ClosureCommand {
        let back = ClosureCommand("Back") { [weak self] _ in
            self?.router.canPop == true ? .active(title: "back") : .inactive(title: "back")
        } perform: { [weak self] _ in
            try self?.router.pop(animated: true)
        }
        return back
    }
}

private final class Page: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

private extension CommandKey where Value == String {
    static var deleteTarget: Self { Self("deleteTarget") }
}

/// Fills the context with the command to delegate to.
@MainActor private final class DeleteTargetProvider: CommandContextProvider {
    func provide(context: CommandContext) { context[.deleteTarget] = "DeleteItem" }
}

// MARK: Contexts

private extension CommandKey where Value == [Int] {
    static var selection: Self { Self("selection") }
}

@MainActor private protocol RenameObserver: AnyObject {
    func didRename(to name: String)
}

private extension CommandKey where Value == [any RenameObserver] {
    static var renameObservers: Self { Self("renameObservers") }
}

/// CommandContext.swift: a provider that asks to hear of renames, and the command that tells it.
@MainActor private final class Outline: RenameObserver, CommandContextProvider {
    var names: [String] = []
    func didRename(to name: String) { names.append(name) }

    func provide(context: CommandContext) {
        let name = (try? context.string("name")) ?? ""
        // A provider:
        func provide(context: CommandContext) { context.append(self, to: .renameObservers) }
        // The command:
        context.forEach(.renameObservers) { observer in observer.didRename(to: name) }
        provide(context: context)
    }
}

// MARK: Performing

/// CommandSupplier.swift: a coordinator that supplies its commands.
@MainActor private final class ItemsCoordinator {
    let createCommand = ClosureCommand("Create") { _ in }
    let openCommand = ClosureCommand("Open") { _ in }
}

extension ItemsCoordinator: CommandSupplier {
    var suppliedCommands: [String: any Command] { ["Create": createCommand, "Open": openCommand] }
}

/// CommandMiddleware.swift: how long each command took.
private final class Timing: CommandMiddleware {
    var durations: [String: Duration] = [:]
    func perform(
        _ identifier: CommandIdentifier, context: CommandContext,
        next: () async throws(CommandError) -> Void
    ) async throws(CommandError) {
        let start = ContinuousClock.now
        defer { durations[identifier.name] = ContinuousClock.now - start }
        try await next()
    }
}

/// CommandManager+ChainWalk.swift: a responder chain of nodes.
private final class Node {
    let next: AnyObject?
    init(next: AnyObject?) { self.next = next }
}

/// CommandManager.swift, as a playground: the value of each line.
@DocCommentPlayground @MainActor
private func managerPlayground(menuItem: AnyObject) async throws -> [Any] {
    let manager = CommandManager()
    manager.register(OpenCommand())
    manager.validate(identifier: "menu.Open(id: 3)").isEnabled            // for a menu item
    try await manager.perform(identifier: "menu.Open(id: 3)", sender: menuItem)
}

@MainActor
@Suite(.serialized) struct ConductorCommandsDocCommentTests {
    init() { documents.opened = [] }

    @Test func aCommandRegisteredUnderItsNamePerformsWithTheIdentifiersArguments() async throws {
        let manager = CommandManager()

        final class OpenCommand: Command {
            func validate(context: CommandContext) -> CommandValidation {
                context["id"] == nil ? .inactive(title: "Open") : .active(title: "Open")
            }
            func perform(context: CommandContext) async throws {
                try await documents.open(id: try context.int("id"))
            }
        }
        manager.register(OpenCommand())                      // as "Open"
        try await manager.perform(identifier: "menu.Open(id: 3)")

        #expect(documents.opened == [3])
    }

    @Test func theManagerValidatesForAMenuItemAndPerformsFromIt() async throws {
        let values = try await managerPlayground(menuItem: Page("menu item"))
        #expect(values.values(of: Bool.self) == [true, true])   // registered; enabled
        #expect(documents.opened == [3])
    }

    @Test func anActionCommandSendsItsAction() async throws {
        let dispatcher = ActionDispatcher(name: "Items")
        var shown: [Int] = []
        try dispatcher.register(ShowItem.self) { action in shown.append(action.id) }
        let manager = CommandManager()

        manager.register(ActionCommand("Open") { context in ShowItem(id: try context.int("id")) })
        try await manager.perform(identifier: "menu.Open(id: 3)")   // sends ShowItem(id: 3)

        #expect(shown == [3])
        _ = dispatcher
    }

    @Test func theBackCommandIsActiveWhenTheRouterCanPopAndPops() async throws {
        let flow = ItemsFlow()
        let manager = CommandManager()
        manager.register(flow.makeBackCommand())
        try flow.router.setRoot(Page("list"), hideBar: false)
        #expect(manager.validate(identifier: "Back").state == .inactive)
        try flow.router.push(Page("detail"), animated: false, hidesBottomBar: false, onPop: nil)
        #expect(manager.validate(identifier: "Back").state == .active)
        try await manager.perform(identifier: "Back")
        #expect(flow.router.stack.map(\.moduleName) == ["list"])
    }

    @Test func aDelegatedCommandPerformsTheCommandTheContextNames() async throws {
        let manager = CommandManager()
        var deleted = 0
        manager.register(ClosureCommand("DeleteItem") { _ in deleted += 1 })
        let provider = DeleteTargetProvider()
        manager.rootProviders.append(provider)

        manager.register(DelegatedCommand("Delete") { context in context[.deleteTarget] })

        try await manager.perform(identifier: "Delete")
        #expect(deleted == 1)
    }

    @Test func renamingRegistersAStepThatUndoAndRedoTitle() async throws {
        let manager = CommandManager()

        final class RenameCommand: Command {
            func perform(context: CommandContext) async throws {
                let old = model.name
                let new = try context.string("name")
                model.name = new
                context.undoStack?.register(title: "Rename", undo: { model.name = old }, redo: { model.name = new })
            }
        }
        manager.register([RenameCommand(), UndoCommand(), RedoCommand()])
        try await manager.perform(identifier: "Rename(name: Report)")
        let undoTitle = manager.validate(identifier: "Undo").title   // "Undo Rename"

        #expect(undoTitle == "Undo Rename")
        try await manager.perform(identifier: "Undo")
        #expect(model.name == "Untitled")
    }

    @Test func anObservationHearsItsCommandUntilCancelled() async throws {
        let manager = CommandManager()
        manager.register(ClosureCommand("Save") { _ in })
        let statusBar = StatusBar()
        let analytics = Analytics()

        let saves = manager.observe("Save") { event in
            if case .didPerform = event { statusBar.show("Saved") }
        }
        manager.observe { event in analytics.record(event.identifier.name) }   // every command
        saves.cancel()

        try await manager.perform(identifier: "Save")
        #expect(statusBar.messages.isEmpty)
        #expect(analytics.names == ["Save", "Save"])   // before and after
    }

    @Test func aRecordingReplaysIntoAnotherManager() async throws {
        let manager = CommandManager()
        let otherManager = CommandManager()
        manager.register(OpenCommand())
        otherManager.register(OpenCommand())

        let recorder = CommandRecorder()
        manager.addObserver(recorder)
        // … the user works …
        try await CommandRecorder.replay(recorder.log.recording, into: otherManager)

        try await manager.perform(identifier: "menu.Open(id: 3)")
        try await CommandRecorder.replay(recorder.log.recording, into: otherManager)
        #expect(documents.opened == [3, 3])
        let commandLog = LoggingCommandObserver(logger: Logger(label: "app.commands"))
        manager.addObserver(commandLog)   // held weakly: keep `commandLog` as long as it should log
        withExtendedLifetime(commandLog) {}
    }

    @Test func theArgumentsDecodeIntoAStructure() async throws {
        let manager = CommandManager()
        var decoded: [String] = []
        manager.register(ClosureCommand("Open") { context in
            struct OpenArguments: Decodable { let id: Int; var readOnly: Bool? }
            // menu.Open(id: 3, readOnly: yes)
            let arguments = try context.decode(OpenArguments.self)        // id 3, readOnly true

            decoded.append("\(arguments.id) \(arguments.readOnly ?? false)")
        })
        try await manager.perform(identifier: "menu.Open(id: 3, readOnly: yes)")
        #expect(decoded == ["3 true"])
    }

    @Test func aProviderThatAppendsItselfHearsTheRename() throws {
        let manager = CommandManager()
        let outline = Outline()
        manager.register(ClosureCommand("Rename") { _ in })
        manager.rootProviders.append(outline)
        let (_, context) = try manager.resolve("Rename(name: Report)")
        #expect(context[.renameObservers]?.count == 1)
        #expect(outline.names.isEmpty)   // the first provide adds; a second one tells
        outline.provide(context: context)
        #expect(outline.names == ["Report"])
    }

    @Test func aTypedKeyReadsBackWhatWasWritten() throws {
        let manager = CommandManager()
        manager.register(ClosureCommand("Select") { _ in })
        let (_, context) = try manager.resolve("Select")

        context[.selection] = [3, 4]
        let selected: [Int]? = context[.selection]

        #expect(selected == [3, 4])
    }

    @Test func aFailureSaysWhyAndIsEqualToTheErrorItNames() async throws {
        let manager = CommandManager()
        manager.register(ClosureCommand("Open") { context in _ = try context.int("id") })
        var hints = 0
        func showDisabledHint() { hints += 1 }

        do { try await manager.perform(identifier: "Open") } catch {
            if error.code == .notAllowed { showDisabledHint() }
        }
        await #expect(throws: CommandError.missingArgument(identifier: "Open", key: "id")) {
            try await manager.perform(identifier: "Open")
        }

        #expect(hints == 0)
    }

    @Test func theChainWalksEachStartOnceAndSkipsNil() {
        let delegate = Node(next: nil)
        let window = Node(next: delegate)
        let view = Node(next: window)

        let chain = CommandManager.chain(walking: [view, window, nil, delegate]) { ($0 as? Node)?.next }

        #expect(chain.map(ObjectIdentifier.init) == [view, window, delegate].map(ObjectIdentifier.init))
    }

    @Test func aCoordinatorSuppliesItsCommandsByName() async throws {
        let coordinator = ItemsCoordinator()
        #expect(coordinator.suppliedCommands.keys.sorted() == ["Create", "Open"])
        let manager = CommandManager()
        let timing = Timing()
        manager.middlewares.append(timing)
        manager.register(coordinator.openCommand)
        try await manager.perform(identifier: "Open")
        #expect(timing.durations.keys.sorted() == ["Open"])
    }
}
