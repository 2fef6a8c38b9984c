import ConductorCoordinators
import Foundation
import Testing

@MainActor
struct NavigatingFlowTests {
    enum NotesDestination: Codable, Hashable, Sendable {
        case list
        case note(Int)
        case editor
    }

    struct NoteMissing: Error, CustomStringConvertible {
        let id: Int
        var description: String { "note \(id) is gone" }
    }

    /// A flow that only declares its destinations.
    final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
        let navigation: Navigation<NotesDestination>
        var existing: Set<Int> = [1, 2, 3]
        var built: [NotesDestination] = []
        var editorsFinished = 0

        init(router: any NavigationRouter = HeadlessNavigationRouter(name: "notes")) {
            navigation = Navigation(router: router)
            super.init(actionRouter: nil)
        }

        func content(for destination: NotesDestination) throws -> NavigationContent {
            built.append(destination)
            switch destination {
            case .list: return .screen(Page("list"))
            case .note(let id):
                guard existing.contains(id) else { throw NoteMissing(id: id) }
                return .screen(Page("note \(id)"))
            case .editor:
                let editor = EditorFlow()
                return .flow(editor, showing: editor.router, dismissedOutput: ()) { [weak self] in
                    self?.editorsFinished += 1
                }
            }
        }

        override func start() { try? setRoot(.list) }
    }

    final class EditorFlow: FlowCoordinator<Void> {
        let router = HeadlessNavigationRouter(name: "editor")
        init() { super.init(actionRouter: nil) }
        override func start() { try? router.setRoot(Page("editor"), hideBar: false) }
    }

    func started() -> (BaseCoordinator, NotesFlow) {
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow()
        root.startChild(notes)
        return (root, notes)
    }

    @Test func pushingAndPresentingEditTheValue() throws {
        let (_, notes) = started()
        try notes.push(.note(2))
        try notes.present(.editor)

        #expect(notes.navigationState == NavigationState(stack: [.list, .note(2)], presented: .editor))
        #expect(notes.navigation.router.breadcrumb == "list › note 2 [modal editor: editor]")
        try notes.dismiss()
        try notes.pop()
        #expect(notes.navigationState == NavigationState(stack: [.list]))
        #expect(notes.editorsFinished == 1)
        #expect(notes.childCoordinators.isEmpty)
    }

    @Test func whatThePlatformDoesEditsTheValue() throws {
        let (_, notes) = started()
        try notes.push(.note(1))
        try notes.push(.note(2))
        try notes.present(.editor)
        let router = try #require(notes.navigation.router as? HostedNavigationRouter)

        // A swipe back to the first note, and the sheet dragged away.
        try router.hostDidShow(Array(router.stack.prefix(2)))
        router.hostDidDismiss(router.presented[0])

        #expect(notes.navigationState == NavigationState(stack: [.list, .note(1)]))
        #expect(notes.childCoordinators.isEmpty)
    }

    @Test func navigatingKeepsTheSharedStackAndBuildsOnlyWhatChanged() throws {
        let (_, notes) = started()
        try notes.push(.note(1))
        try notes.push(.note(2))
        let first = notes.navigation.router.stack[1]
        notes.built = []

        try notes.navigate(to: NavigationState(stack: [.list, .note(1), .note(3)], presented: .editor))

        #expect(notes.navigationState == NavigationState(stack: [.list, .note(1), .note(3)], presented: .editor))
        #expect(notes.navigation.router.stack[1] === first)
        #expect(notes.built == [.note(3), .editor])
        try notes.navigate(to: NavigationState(stack: [.list]))
        #expect(notes.navigationState == NavigationState(stack: [.list]))
        #expect(notes.editorsFinished == 1)
    }

    /// A link to something deleted says so and leaves the user where they were: nothing is popped or pushed.
    @Test func aDestinationThatCannotShowChangesNothingAndThrows() throws {
        let (_, notes) = started()
        try notes.push(.note(2))
        #expect(throws: NoteMissing.self) {
            try notes.navigate(to: NavigationState(stack: [.list, .note(1), .note(9), .note(2)]))
        }
        #expect(notes.navigationState == NavigationState(stack: [.list, .note(2)]))
    }

    /// With a sheet up, a target that cannot be shown leaves the sheet up: the user's work in it is not lost.
    @Test func aDestinationThatCannotShowLeavesTheSheetUp() throws {
        let (_, notes) = started()
        try notes.present(.editor)
        #expect(throws: NoteMissing.self) { try notes.navigate(to: NavigationState(stack: [.list, .note(9)])) }
        #expect(notes.navigationState == NavigationState(stack: [.list], presented: .editor))
        #expect(notes.editorsFinished == 0)
    }

    @Test func aFlowCannotBePushed() throws {
        let (_, notes) = started()
        #expect(throws: NavigationError.self) { try notes.push(.editor) }
        #expect(notes.navigationState == NavigationState(stack: [.list]))
        #expect(notes.childCoordinators.isEmpty)
    }

    @Test func aModulePushedWithTheSeedsCallIsNamedNotDropped() throws {
        let (_, notes) = started()
        try notes.navigation.router.push(Page("legacy"), animated: false, hidesBottomBar: false, onPop: nil)

        #expect(notes.navigationState == NavigationState(stack: [.list]))
        #expect(notes.navigation.modulesWithoutDestination == ["legacy"])
        let report = NavigationTree.capture(notes).report
        #expect(report.losses.map(\.reason) == [.modulesWithoutDestination(["legacy"])])
    }

    @Test func theValueRoundTripsThroughJSON() throws {
        let state = NavigationState<NotesDestination>(stack: [.list, .note(3)], presented: .editor)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(NavigationState<NotesDestination>.self, from: data) == state)
        #expect(state.description == "list › note(3) [editor]")
    }

    @Test func aTreeOfNavigatingFlowsRestoresWithNothingWrittenPerFlow() throws {
        let (before, notes) = started()
        try notes.push(.note(2))
        try notes.present(.editor)
        let data = try JSONEncoder().encode(NavigationTree.capture(before).tree)

        let (after, restored) = started()
        let report = try JSONDecoder().decode(NavigationTree.self, from: data).restore(into: after)

        #expect(restored.navigationState == notes.navigationState)
        #expect(report.losses.isEmpty)
        #expect(restored.childCoordinators.count == 1)
    }

    @Test func aSavedDestinationWhoseDataIsGoneIsAReportedLossAndTheRestRestores() throws {
        let (before, notes) = started()
        try notes.push(.note(3))
        let tree = NavigationTree.capture(before).tree

        let (after, restored) = started()
        restored.existing = [1, 2]
        let report = tree.restore(into: after)

        #expect(restored.navigationState == NavigationState(stack: [.list]))
        #expect(report.losses.count == 1)
        #expect(report.losses.first?.description.contains("note 3 is gone") == true)
    }

    @Test func aSavedValueThatNoLongerDecodesIsAReportedLoss() throws {
        let (before, _) = started()
        var tree = NavigationTree.capture(before).tree
        tree.root.children[0].navigation = .object(["stack": .array([.string("gone")])])

        let (after, restored) = started()
        let report = tree.restore(into: after)

        #expect(restored.navigationState == NavigationState(stack: [.list]))
        #expect(report.losses.count == 1)
    }

    @Test func aFinishedFlowsNavigationKeepsNoScreenAlive() throws {
        weak var page: Page?
        let (root, notes) = started()
        try notes.push(.note(1))
        page = notes.navigation.router.stack.last as? Page
        try notes.pop()
        #expect(page == nil)
        notes.finish()
        #expect(root.childCoordinators.isEmpty)
    }

    /// A notes flow pushed over its parent's screens, on the parent's router, as the seed's flows are.
    final class PushedNotesFlow: FlowCoordinator<Void>, NavigatingFlow {
        let navigation: Navigation<NotesDestination>
        init(router: any NavigationRouter) {
            navigation = Navigation(router: router)
            super.init(actionRouter: nil)
        }
        func content(for destination: NotesDestination) throws -> NavigationContent { .screen(Page("\(destination)")) }
        override func start() { try? push(.list, animated: false) }
    }

    /// A regression found in review: restoring a flow that shares its parent's router set a new root, taking the
    /// parent's screens with it.
    @Test func aFlowOnItsParentsRouterEditsOnlyItsPartOfTheStack() throws {
        func launch() throws -> (BaseCoordinator, PushedNotesFlow, HeadlessNavigationRouter) {
            let router = HeadlessNavigationRouter(name: "main")
            try router.setRoot(Page("home"), hideBar: false)
            let root = BaseCoordinator(actionRouter: nil)
            let notes = PushedNotesFlow(router: router)
            root.startChild(notes)
            return (root, notes, router)
        }
        let (before, notes, _) = try launch()
        try notes.push(.note(1))
        let tree = NavigationTree.capture(before).tree

        let (after, restored, router) = try launch()
        #expect(tree.restore(into: after).losses.isEmpty)
        #expect(router.breadcrumb == "home › list › note(1)")
        #expect(restored.navigationState == NavigationState(stack: [.list, .note(1)]))
        try restored.navigate(to: NavigationState(stack: []))
        #expect(router.breadcrumb == "home")
    }

    /// A sheet the navigation no longer presents finishes at once, even while the platform animates it away: the
    /// tree does not hold a flow that is leaving (a restored child would be matched to it).
    @Test func aSheetTheNavigationNoLongerPresentsFinishesAtOnce() throws {
        let host = ScriptedHost()
        let router = HostedNavigationRouter(name: "notes", host: host)
        host.router = router
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow(router: router)
        root.startChild(notes)
        try notes.present(.editor)
        host.finishTransitions()

        try notes.navigate(to: NavigationState(stack: [.list]))

        #expect(notes.childCoordinators.isEmpty)
        #expect(notes.editorsFinished == 1)
        host.finishTransitions()
        #expect(notes.editorsFinished == 1)
    }

    /// A presented flow its parent removes (without it finishing) takes its sheet with it.
    @Test func aPresentedFlowItsParentRemovesTakesItsSheetWithIt() throws {
        let (_, notes) = started()
        try notes.present(.editor)
        let editor = try #require(notes.childCoordinators.first)
        notes.removeChild(editor)
        #expect(notes.navigation.router.presented.isEmpty)
        #expect(notes.navigationState == NavigationState(stack: [.list]))
    }
}
