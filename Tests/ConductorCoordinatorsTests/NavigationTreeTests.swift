import ConductorCoordinators
import Foundation
import Testing

@MainActor
struct NavigationTreeTests {
    /// A module shown on a stack.
    final class Page: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    /// A notes flow: the list, a note pushed over it, and an editor flow it presents on a stack of its own.
    final class NotesFlow: FlowCoordinator<Void>, RestorableFlow {
        struct Place: Codable, Equatable {
            var note: Int?
            var editing: Bool
        }
        let router: HeadlessNavigationRouter
        /// The notes that exist: a place that shows another one fails.
        var existing: Set<Int> = [1, 2, 3]
        private(set) var note: Int?

        init(router: HeadlessNavigationRouter) {
            self.router = router
            super.init(actionRouter: nil)
        }

        override func start() { try? router.setRoot(Page("list"), hideBar: false) }

        func show(_ id: Int) throws {
            guard existing.contains(id) else { throw NoteMissing(id: id) }
            note = id
            try router.push(Page("note \(id)"), animated: false, hidesBottomBar: false) { [weak self] in
                self?.note = nil
            }
        }

        var editor: EditorFlow? { childCoordinators.lazy.compactMap { $0 as? EditorFlow }.first }

        func edit() throws {
            let editor = EditorFlow()
            try presentChild(editor, showing: editor.router, on: router, dismissedOutput: ())
        }

        var place: Place { Place(note: note, editing: editor != nil) }

        func restore(_ place: Place) throws {
            if let note = place.note { try show(note) }
            if place.editing { try edit() }
        }
    }

    struct NoteMissing: Error, CustomStringConvertible {
        let id: Int
        var description: String { "note \(id) is gone" }
    }

    /// The editor: one screen, and a draft.
    final class EditorFlow: FlowCoordinator<Void>, RestorableFlow {
        let router = HeadlessNavigationRouter(name: "editor")
        var draft = ""
        init() { super.init(actionRouter: nil) }
        override func start() { try? router.setRoot(Page("editor"), hideBar: false) }
        var place: String { draft }
        func restore(_ place: String) throws { draft = place }
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
        let draft = main.notes?.editor.map { " draft=\($0.draft)" } ?? ""
        return "[\(main.tabs.selectedTab)] " + stacks.joined(separator: "; ") + draft
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
        notes.editor?.draft = "half a thought"
        try before.main?.tabs.select("about")
        try before.main?.tabs.select("notes")

        let data = try JSONEncoder().encode(NavigationTree.capture(before).tree)
        let after = launch()
        #expect(picture(after) != picture(before))
        let report = try JSONDecoder().decode(NavigationTree.self, from: data).restore(into: after)

        #expect(picture(after) == picture(before))
        #expect(
            picture(after) == "[notes] notes: list › note 2 [modal editor: editor]; about: about draft=half a thought")
        #expect(report.losses.isEmpty)
        #expect(
            report.restored == [
                "AppRoot › MainFlow", "AppRoot › MainFlow › NotesFlow",
                "AppRoot › MainFlow › NotesFlow › EditorFlow",
            ])
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

        // At the next launch: start the root as usual, then restore the saved places over it.
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
        // The editor is saved, but this notes flow does not open it again.
        var edited = tree
        edited.root.children[0].children[0].place = #"{"editing":false}"#

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

    @Test func aPlaceThatDoesNotDecodeIsReportedNotThrown() throws {
        var tree = NavigationTree.capture(launch()).tree
        tree.root.children[0].children[0].place = #"{"note":"three"}"#
        let report = tree.restore(into: launch())
        #expect(report.losses.count == 1)
        #expect(report.losses.first?.path == "AppRoot › MainFlow › NotesFlow")
    }

    @Test func aRestorableFlowSavedWithoutAPlaceIsALossWhenRestored() throws {
        // A place that did not encode is saved as no place: restoring says the place is lost.
        var tree = NavigationTree.capture(launch()).tree
        tree.root.children[0].children[0].place = nil
        let report = tree.restore(into: launch())
        #expect(
            report.losses == [
                .init(path: "AppRoot › MainFlow › NotesFlow", reason: .failed("no place was saved for it"))
            ])
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
