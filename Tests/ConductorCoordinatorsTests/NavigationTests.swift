import ConductorCoordinators
import Foundation
import Observation
import Testing

/// `Navigation` keeps the value it read while its router does not change: these check that every change — the flow's
/// own, the platform's, a tree restored over it — is still seen.
@MainActor
struct NavigationTests {
    typealias Notes = NavigatingFlowTests

    @Test func theValueReadAgainFollowsWhatThePlatformDidSinceTheLastRead() throws {
        let (_, notes) = Notes().started()
        try notes.push(.note(1))
        try notes.push(.note(2))
        try notes.present(.editor)
        let router = try #require(notes.navigation.router as? HostedNavigationRouter)
        #expect(notes.navigationState == NavigationState(stack: [.list, .note(1), .note(2)], presented: .editor))

        try router.hostDidShow(Array(router.stack.prefix(2)))
        #expect(notes.navigationState == NavigationState(stack: [.list, .note(1)], presented: .editor))
        router.hostDidDismiss(router.presented[0])
        #expect(notes.navigationState == NavigationState(stack: [.list, .note(1)]))
    }

    @Test func aTreeCapturedBeforeAnEditBringsTheFlowBackToIt() throws {
        let (root, notes) = Notes().started()
        try notes.push(.note(2))
        let tree = NavigationTree.capture(root).tree

        try notes.push(.note(3))
        let report = tree.restore(into: root)

        #expect(notes.navigationState == NavigationState(stack: [.list, .note(2)]))
        #expect(report.losses.isEmpty)
    }

    @Test func aTreeCapturedBeforeThePlatformsEditBringsTheFlowBackToIt() throws {
        let (root, notes) = Notes().started()
        try notes.push(.note(1))
        try notes.push(.note(2))
        let tree = NavigationTree.capture(root).tree
        let router = try #require(notes.navigation.router as? HostedNavigationRouter)

        try router.hostDidShow(Array(router.stack.prefix(1)))
        tree.restore(into: root)

        #expect(notes.navigationState == NavigationState(stack: [.list, .note(1), .note(2)]))
    }

    @Test func aModulePushedWithoutADestinationAfterACaptureIsRemovedByItsRestore() throws {
        let (root, notes) = Notes().started()
        let tree = NavigationTree.capture(root).tree

        try notes.navigation.router.push(Page("seed"), animated: false, hidesBottomBar: false, onPop: nil)
        tree.restore(into: root)

        #expect(notes.navigation.router.stack.map(\.moduleName) == ["list"])
        #expect(notes.navigation.modulesWithoutDestination.isEmpty)
    }

    @Test func readingTheValueTracksTheRouterEvenWhenItWasReadBefore() async throws {
        let (_, notes) = Notes().started()
        _ = notes.navigationState
        let changed = Changed()
        withObservationTracking {
            _ = notes.navigationState
        } onChange: {
            Task { @MainActor in changed.value = true }
        }

        try notes.push(.note(1))

        for _ in 0..<100 where !changed.value { await Task.yield() }
        #expect(changed.value)
    }

    @Test func aCapturedValueIsEqualToAnotherCaptureOfTheSameNavigation() throws {
        let (root, notes) = Notes().started()
        try notes.push(.note(1))
        let first = NavigationTree.capture(root).tree
        let second = NavigationTree.capture(root).tree
        try notes.push(.note(2))
        let third = NavigationTree.capture(root).tree

        #expect(first == second)
        #expect(first != third)
    }
}
