// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorCoordinators' doc comments about navigation as a value and restoration, compiled and
// run, headless.
import ConductorCoordinators
import Foundation
import Testing

private final class Page: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

// MARK: NavigatingFlow.swift, Navigation.swift and NavigationContent.swift

/// The flow NavigatingFlow.swift's notes present.
private final class EditorFlow: FlowCoordinator<Void> {
    let router = HeadlessNavigationRouter(name: "editor")
    init() { super.init(actionRouter: nil) }
}

private enum NotesDestination: Codable, Hashable, Sendable { case list, note(Int), editor }

/// Navigation.swift, whose example is marked a fragment (`{ … }`), with a body.
private final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
    let navigation = Navigation<NotesDestination>(router: HeadlessNavigationRouter(name: "notes"))
    func content(for destination: NotesDestination) throws -> NavigationContent { .screen(Page("\(destination)")) }
}

/// NavigationContent.swift: a screen for each destination, and a flow for the editor.
private enum ContentExample {
    final class NotesList: Presentable {}
    struct NoteGone: Error {}
    final class NoteScreen: Presentable {
        init(_ id: Int) throws { guard id > 0 else { throw NoteGone() } }
    }
    final class EditorFlow: FlowCoordinator<String?> {
        let router = HeadlessNavigationRouter(name: "editor")
        init() { super.init(actionRouter: nil) }
    }

    final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
        let navigation = Navigation<NotesDestination>(router: HeadlessNavigationRouter(name: "notes"))

        func content(for destination: NotesDestination) throws -> NavigationContent {
            switch destination {
            case .list: return .screen(NotesList())
            case .note(let id): return .screen(try NoteScreen(id))   // throws when the note is gone
            case .editor:
                let editor = EditorFlow()
                return .flow(editor, showing: editor.router, dismissedOutput: nil) { draft in print(draft ?? "cancelled") }
            }
        }

        override func start() { try? setRoot(.list) }
    }
}

// MARK: NavigationTree.swift

/// Where the app keeps the saved navigation.
@MainActor private final class Database {
    var saved: Data?
    func saveNavigation(_ data: Data) throws { saved = data }
    func loadNavigation() throws -> Data? { saved }
}

@MainActor private final class AppLogger {
    var notices: [String] = []
    func notice(_ message: String) { notices.append(message) }
}

/// A flow that shows items and creates them on a sheet: its navigation is a value, saved and restored by the tree.
private final class ItemsCoordinator: FlowCoordinator<Void>, NavigatingFlow {
    enum Destination: Codable, Hashable, Sendable { case items, item(Int64), create }

    let navigation = Navigation<Destination>(router: HeadlessNavigationRouter(name: "items"))

    init() { super.init(actionRouter: nil) }

    override func start() { try? setRoot(.items) }

    struct ItemGone: Error {}

    func content(for destination: Destination) throws -> NavigationContent {
        switch destination {
        case .items: return .screen(Page("Items"))
        case .item(let id):
            guard id > 0 else { throw ItemGone() }   // thrown when the item was deleted meanwhile
            return .screen(Page("Item \(id)"))
        case .create:
            let creation = FlowCoordinator<Int64?>(actionRouter: nil)
            return .flow(creation, showing: HeadlessNavigationRouter(name: "create"), dismissedOutput: nil)
        }
    }
}

/// The root: it starts the items flow.
private final class AppRoot: BaseCoordinator {
    let items = ItemsCoordinator()
    init() { super.init(actionRouter: nil) }
    override func start() { startChild(items) }
}

@MainActor
@Suite struct ConductorCoordinatorsRestorationDocCommentTests {
    @Test func aNavigatingFlowPushesAndGoesToANavigationState() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        let notes = NotesFlow(router: HeadlessNavigationRouter(name: "notes"))
        notes.run()

        enum NotesDestination: Codable, Hashable, Sendable { case list, note(Int), editor }

        final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
            let navigation: Navigation<NotesDestination>

            init(router: any NavigationRouter) {
                navigation = Navigation(router: router)
                super.init(actionRouter: nil)
            }

            func content(for destination: NotesDestination) throws -> NavigationContent {
                switch destination {
                case .list: return .screen(Page("Notes"))
                case .note(let id): return .screen(Page("Note \(id)"))
                case .editor:
                    let editor = EditorFlow()
                    return .flow(editor, showing: editor.router, dismissedOutput: ())
                }
            }

            override func start() {
                do { try setRoot(.list) } catch { navigation.router.onError?(.nothingToShow(operation: "start")) }
            }
        }

        try notes.push(.note(3))
        print(notes.navigationState)     // list › note(3)
        try notes.navigate(to: NavigationState(stack: [.list], presented: .editor))

        #expect(printed == ["list › note(3)"])
        #expect(notes.navigationState == NavigationState(stack: [.list], presented: .editor))
        #expect(notes.childCoordinators.count == 1)
    }

    @Test func eachDestinationShowsItsContent() throws {
        let notes = ContentExample.NotesFlow(actionRouter: nil)
        notes.run()
        try notes.push(.note(3))
        #expect(throws: ContentExample.NoteGone.self) { try notes.push(.note(0)) }
        try notes.present(.editor)
        #expect(notes.navigationState == NavigationState(stack: [.list, .note(3)], presented: .editor))
        let other = NotesFlow(actionRouter: nil)
        try other.setRoot(.list)
        #expect(other.navigation.router.stack.map(\.moduleName) == ["list"])
    }

    @Test func aNavigationStateEncodesItsStackAndWhatItPresents() throws {
        enum NotesDestination: Codable, Hashable, Sendable { case list, note(Int), editor }

        var state = NavigationState<NotesDestination>(stack: [.list])
        state.stack.append(.note(3))
        state.presented = .editor
        let data = try JSONEncoder().encode(state)   // {"stack":[{"list":{}},{"note":{"_0":3}}],"presented":{"editor":{}}}

        let json = try JSONSerialization.jsonObject(with: data) as? NSDictionary
        let documented = #"{"stack":[{"list":{}},{"note":{"_0":3}}],"presented":{"editor":{}}}"#
        #expect(json == (try JSONSerialization.jsonObject(with: Data(documented.utf8)) as? NSDictionary))
    }

    @Test func aSavedTreeIsRestoredAfterTheRootStarts() throws {
        let database = Database()
        let logger = AppLogger()
        let root = AppRoot()

        // Saving
        let (tree, _) = NavigationTree.capture(root)
        try database.saveNavigation(JSONEncoder().encode(tree))

        // At launch: the root starts as usual (the state picks the flow), then the saved navigation is restored.
        root.run()
        if let data = try database.loadNavigation() {
            let report = try NavigationTree(json: data).restore(into: root)   // bounded: 1 MiB at most
            for lost in report.losses { logger.notice("\(lost)") }
        }

        #expect(root.childCoordinators.count == 1)
    }

    @Test func aRootRunsAtTheSavedPlace() throws {
        let shown = AppRoot()
        shown.run()
        try shown.items.push(.item(3), animated: false)
        try shown.items.present(.create, animated: false)
        let savedTree = NavigationTree.capture(shown).tree

        let root = AppRoot()
        let report = root.run(restoring: savedTree)
        #expect(report.losses.isEmpty)

        #expect(root.items.navigationState == NavigationState(stack: [.items, .item(3)], presented: .create))
        #expect(throws: ItemsCoordinator.ItemGone.self) { try root.items.navigate(to: NavigationState(stack: [.items, .item(0)])) }
    }

    /// BaseCoordinator+HandOff.swift, FlowPlaces.swift and ReopeningWhereTheUserLeft.md.
    @Test func aSaveInFlightClosesTheSheetRestoredInItsPlace() throws {
        let root = AppRoot()
        root.run()
        let earlierTree = NavigationTree.capture(root).tree
        try root.items.present(.create, animated: false)
        let currentTree = NavigationTree.capture(root).tree
        let saving = try #require(root.items.childCoordinators.first as? FlowCoordinator<Int64?>)

        let before = FlowPlaces(of: root)
        earlierTree.restore(into: root)  // the sheet's flow ends, its save in flight
        currentTree.restore(into: root)  // a new sheet's flow in its place
        before.handOff(to: root)  // the save's answer closes the new sheet

        #expect(root.items.navigationState.presented == .create)
        saving.finish(with: 7)
        #expect(root.items.navigationState.presented == nil)
        #expect(root.items.childCoordinators.isEmpty)
    }
}
