import ConductorCoordinators
import Foundation
import Testing

@MainActor
struct NavigationTreeTests {

    /// Where the notes flow goes: the list, a note pushed over it, the editor flow presented on a stack of its own.
    enum NotesDestination: Codable, Hashable, Sendable {
        case list
        case note(Int)
        case editor
    }

    /// A notes flow: its navigation is a value, so the tree saves and restores it with nothing written here.
    final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
        let router: HeadlessNavigationRouter
        let navigation: Navigation<NotesDestination>
        /// The notes that exist: a destination that shows another one fails.
        var existing: Set<Int> = [1, 2, 3]

        init(router: HeadlessNavigationRouter) {
            self.router = router
            navigation = Navigation(router: router)
            super.init(actionRouter: nil)
        }

        override func start() { try? setRoot(.list) }

        func content(for destination: NotesDestination) throws -> NavigationContent {
            switch destination {
            case .list: return .screen(Page("list"))
            case .note(let id):
                guard existing.contains(id) else { throw NoteMissing(id: id) }
                return .screen(Page("note \(id)"))
            case .editor:
                let editor = EditorFlow()
                return .flow(editor, showing: editor.router, dismissedOutput: ())
            }
        }

        func show(_ id: Int) throws { try push(.note(id), animated: false) }

        var editor: EditorFlow? { childCoordinators.lazy.compactMap { $0 as? EditorFlow }.first }

        func edit() throws { try present(.editor, animated: false) }
    }

    struct NoteMissing: Error, CustomStringConvertible {
        let id: Int
        var description: String { "note \(id) is gone" }
    }

    /// The editor: one screen. What the user types belongs to the app's state, not to the navigation.
    final class EditorFlow: FlowCoordinator<Void> {
        let router = HeadlessNavigationRouter(name: "editor")
        init() { super.init(actionRouter: nil) }
        override func start() { try? router.setRoot(Page("editor"), hideBar: false) }
    }

    /// A flow its start alone rebuilds.
    final class AboutFlow: FlowCoordinator<Void> {
        let router: HeadlessNavigationRouter
        init(router: HeadlessNavigationRouter) {
            self.router = router
            super.init(actionRouter: nil)
        }
        override func start() { try? router.setRoot(Page("about"), hideBar: false) }
    }

    final class MainFlow: TabCoordinator<Void> {
        init() { super.init(tabs: TabRouter(name: "tabs", tabs: ["notes", "about"]), actionRouter: nil) }
        var notes: NotesFlow? { childCoordinators.lazy.compactMap { $0 as? NotesFlow }.first }
        override func start() {
            startTab("notes", NotesFlow(router: tabs["notes"] as! HeadlessNavigationRouter))
            startTab("about", AboutFlow(router: tabs["about"] as! HeadlessNavigationRouter))
        }
    }

    final class AppRoot: BaseCoordinator {
        init() { super.init(actionRouter: nil) }
        var main: MainFlow? { childCoordinators.first as? MainFlow }
        override func start() { startChild(MainFlow()) }
    }

    /// What the user sees: the selected tab and every stack, sheets included.
    func picture(_ root: AppRoot) -> String {
        guard let main = root.main else { return "(no main)" }
        let stacks = main.tabs.tabNames.map { "\($0): \(main.tabs[$0]!.breadcrumb)" }
        return "[\(main.tabs.selectedTab)] " + stacks.joined(separator: "; ")
    }

    func launch() -> AppRoot {
        let root = AppRoot()
        root.run()
        return root
    }

    @Test func encodingThenRestoringInANewTreeGivesTheSameStacksTabsAndSheets() throws {
        let before = launch()
        let notes = try #require(before.main?.notes)
        try notes.show(2)
        try notes.edit()
        try before.main?.tabs.select("about")
        try before.main?.tabs.select("notes")

        let data = try JSONEncoder().encode(NavigationTree.capture(before).tree)
        let after = launch()
        #expect(picture(after) != picture(before))
        let report = try JSONDecoder().decode(NavigationTree.self, from: data).restore(into: after)

        #expect(picture(after) == picture(before))
        #expect(
            picture(after) == "[notes] notes: list › note 2 [modal editor: editor]; about: about")
        #expect(report.losses.isEmpty)
        // The editor is reopened by the notes flow's navigation; its own start rebuilds the rest of it.
        #expect(report.restored == ["AppRoot › MainFlow", "AppRoot › MainFlow › NotesFlow"])
    }

    /// The example of the restoration article, as it is written there.
    @Test func theArticlesExampleReopensTheNoteAndItsEditor() throws {
        let root = launch()
        try root.main?.notes?.show(2)
        try root.main?.notes?.edit()
        var log: [String] = []

        // When the app leaves the screen: save the tree.
        let (tree, _) = NavigationTree.capture(root)
        let saved = try JSONEncoder().encode(tree)

        // At the next launch: start the root as usual, then restore the saved navigation over it.
        let relaunched = AppRoot()
        relaunched.run()
        let report = try NavigationTree(json: saved).restore(into: relaunched)
        for lost in report.losses { log.append("not reopened: \(lost)") }

        #expect(picture(relaunched) == picture(root))
        #expect(log.isEmpty)
    }

    @Test func theSelectedTabIsRestored() throws {
        let before = launch()
        try before.main?.tabs.select("about")
        let after = launch()

        NavigationTree.capture(before).tree.restore(into: after)
        #expect(after.main?.tabs.selectedTab == "about")
        #expect(after.activePath.first is AboutFlow)
    }

    @Test func aFlowThatIsNotRestorableIsReportedWhenCapturedAndWhenRestored() throws {
        let root = launch()
        let (tree, captured) = NavigationTree.capture(root)
        #expect(
            captured.skipped.map(\.description) == [
                "AppRoot: not restorable: its start() alone rebuilds it",
                "AppRoot › MainFlow › AboutFlow: not restorable: its start() alone rebuilds it",
            ])
        #expect(captured.losses.isEmpty)

        let restored = tree.restore(into: launch())
        #expect(restored.skipped.map(\.path) == ["AppRoot", "AppRoot › MainFlow › AboutFlow"])
        #expect(restored.losses.isEmpty)
    }

    @Test func aPlaceThatCannotShowAnyMoreLeavesItsFlowAtItsStartAndIsReported() throws {
        let before = launch()
        try before.main?.notes?.show(3)
        let tree = NavigationTree.capture(before).tree
        let after = launch()
        after.main?.notes?.existing = [1, 2]

        let report = tree.restore(into: after)
        #expect(after.main?.notes?.router.breadcrumb == "list")
        #expect(report.losses == [.init(path: "AppRoot › MainFlow › NotesFlow", reason: .failed("note 3 is gone"))])
    }

    @Test func aSavedFlowThatIsNotRunningIsReportedAsNotFound() throws {
        let before = launch()
        try before.main?.notes?.edit()
        let tree = NavigationTree.capture(before).tree
        // The editor is saved, but the notes flow's navigation no longer presents it.
        var edited = tree
        edited.root.children[0].children[0].navigation =
            NavigationTree.capture(launch()).tree.root.children[0]
            .children[0].navigation

        let report = edited.restore(into: launch())
        #expect(report.losses == [.init(path: "AppRoot › MainFlow › NotesFlow › EditorFlow", reason: .notFound)])
    }

    @Test func aTreeOfAnotherRootRestoresNothing() throws {
        let tree = NavigationTree(root: .init(name: "OtherApp", children: [.init(name: "MainFlow")]))
        let root = launch()
        let report = tree.restore(into: root)
        #expect(report.skipped == [.init(path: "OtherApp", reason: .notFound)])
        #expect(report.restored.isEmpty)
    }

    @Test func aNavigationThatDoesNotDecodeIsReportedNotThrown() throws {
        var tree = NavigationTree.capture(launch()).tree
        tree.root.children[0].children[0].navigation = .object(["stack": .array([.string("three")])])
        let root = launch()
        let report = tree.restore(into: root)
        #expect(report.losses.count == 1)
        #expect(report.losses.first?.path == "AppRoot › MainFlow › NotesFlow")
        #expect(root.main?.notes?.router.breadcrumb == "list")
    }

    @Test func aPlaceSavedByAnEarlierVersionIsReportedLostAndTheFlowReopensAtItsStart() throws {
        // Format 1, as `RestorableFlow` (retired) wrote it: the notes flow at note 2, saved as its own place.
        let json = #"""
            {"version": 1, "root": {"name": "AppRoot", "children": [{"name": "MainFlow", "selectedTab": "notes",
             "children": [{"name": "NotesFlow", "place": "{\"editing\":false,\"note\":2}", "children": []},
                          {"name": "AboutFlow", "children": []}]}]}}
            """#
        let root = launch()
        let report = try NavigationTree(json: Data(json.utf8)).restore(into: root)
        #expect(root.main?.notes?.router.breadcrumb == "list")
        #expect(
            report.losses == [
                .init(
                    path: "AppRoot › MainFlow › NotesFlow",
                    reason: .failed(
                        "its place was saved by an earlier version (RestorableFlow, retired); it reopens at its start"))
            ])
        // Captured again, the tree holds the flow's navigation and no place.
        #expect(NavigationTree.capture(root).tree.root.children[0].children[0].place == nil)
    }

    @Test func anUnknownTabIsReportedAndTheSelectionKept() throws {
        var tree = NavigationTree.capture(launch()).tree
        tree.root.children[0].selectedTab = "archive"
        let root = launch()
        let report = tree.restore(into: root)
        #expect(root.main?.tabs.selectedTab == "notes")
        #expect(report.losses.map(\.path) == ["AppRoot › MainFlow"])
    }

    @Test func aTreeWrittenByANewerFormatIsRefusedWhenDecoded() throws {
        let json = #"{"version": 99, "root": {"name": "AppRoot", "children": []}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationTree.self, from: Data(json.utf8))
        }
    }

    @Test func garbageIsADecodingErrorNotACrash() throws {
        for json in ["", "[]", #"{"version": 1}"#, #"{"version": 1, "root": {"name": 3}}"#] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(NavigationTree.self, from: Data(json.utf8))
            }
        }
    }

    @Test func theTreeHoldsNoCoordinator() throws {
        weak var released: AppRoot?
        var tree: NavigationTree?
        do {
            let root = launch()
            released = root
            tree = NavigationTree.capture(root).tree
        }
        #expect(released == nil)
        #expect(tree?.root.name == "AppRoot")
    }
}
