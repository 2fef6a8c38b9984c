import ConductorCoordinators
import Observation
import PropertyBased
import Synchronization
import Testing

/// The screen and the value never disagree: every way UIKit or SwiftUI changes what is shown — the router, the user,
/// the app's own UIKit code — lands in the flow's navigation value, checked against doubles that keep Apple's
/// documented rules (``UIKitDouble``).
@MainActor
struct HostedNavigationRouterDriftTests {
    enum Place: Codable, Hashable, Sendable {
        case list
        case item(Int)
        case sheet(Int)
    }

    final class Screen: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    final class Flow: FlowCoordinator<Void>, NavigatingFlow {
        let navigation: Navigation<Place>
        init(router: HostedNavigationRouter) {
            navigation = Navigation(router: router)
            super.init(actionRouter: nil)
        }
        func content(for destination: Place) throws -> NavigationContent { .screen(Screen("\(destination)")) }
        override func start() { try? setRoot(.list) }
    }

    func started() -> (Flow, UIKitDouble, HostedNavigationRouter) {
        let double = UIKitDouble()
        let router = HostedNavigationRouter(name: "main", host: double)
        double.router = router
        let flow = Flow(router: router)
        flow.run()
        return (flow, double, router)
    }

    /// The flow's value is what the double shows: the destinations of its view controllers, the presented one's,
    /// and every view controller without one listed as such; the router holds exactly what the double shows.
    func expectValueIsScreen(_ flow: Flow, _ double: UIKitDouble, _ router: HostedNavigationRouter) {
        let navigation = flow.navigation
        #expect(router.stack.count == double.viewControllers.count)
        #expect(zip(router.stack, double.viewControllers).allSatisfy { $0 === $1 })
        #expect(router.presented.count == double.presentedChain.count)
        #expect(zip(router.presented, double.presentedChain).allSatisfy { $0 === $1 })
        let shownStack = double.viewControllers.compactMap { navigation.destination(of: $0) }
        let shownSheet = double.presentedChain.first.flatMap { navigation.destination(of: $0) }
        #expect(flow.navigationState == NavigationState(stack: shownStack, presented: shownSheet))
        let without =
            double.viewControllers.filter { navigation.destination(of: $0) == nil }.count
            + (double.presentedChain.first.map { navigation.destination(of: $0) == nil ? 1 : 0 } ?? 0)
        #expect(navigation.modulesWithoutDestination.count == without)
    }

    @Test func anAppMadePushIsAdoptedAsAScreenWithoutADestinationNotRemovedByTheNextChange() throws {
        let (flow, double, router) = started()
        try flow.push(.item(1))
        let own = Screen("app's own")
        double.appPushes(own)
        #expect(router.stack.last === own)
        #expect(router.events.last == .platformPush(["app's own"]))
        #expect(flow.navigation.modulesWithoutDestination == ["app's own"])
        expectValueIsScreen(flow, double, router)
        // The next change keeps the app's screen under the new one.
        try flow.push(.item(2))
        #expect(double.viewControllers.contains { $0 === own })
        expectValueIsScreen(flow, double, router)
    }

    @Test func anAppReplacedStackRunsTheCompletionsOfWhatLeftAndAdoptsWhatCame() throws {
        let (flow, double, router) = started()
        var popped = 0
        try router.push(Screen("seed"), animated: false, hidesBottomBar: false) { popped += 1 }
        double.appReplacesAboveRoot(with: [Screen("a"), Screen("b")])
        #expect(popped == 1)
        #expect(router.stack.map(\.moduleName) == ["list", "a", "b"])
        expectValueIsScreen(flow, double, router)
    }

    @Test func aStackWithNothingIsRefusedAndTheRouterKeepsItsRoot() throws {
        let (_, _, router) = started()
        #expect(throws: NavigationError.self) { try router.hostDidShow([]) }
        #expect(router.stack.count == 1)
    }

    @Test func aCancelButtonsDismissFinishesTheSheetInTheValue() throws {
        let (flow, double, router) = started()
        var dismissed = 0
        try flow.present(.sheet(1))
        try router.present(Screen("over"), animated: false, completion: nil) { dismissed += 1 }
        double.appDismissesTopSheet()
        #expect(dismissed == 1)
        expectValueIsScreen(flow, double, router)
        double.appDismissesTopSheet()
        #expect(flow.navigationState.presented == nil)
        expectValueIsScreen(flow, double, router)
    }

    @Test func dismissingASheetThatPresentsAnotherTakesBothOffTheScreen() throws {
        let (flow, double, router) = started()
        try flow.present(.sheet(1))
        try router.present(Screen("over"), animated: false, completion: nil)
        try router.dismiss(animated: false, completion: nil)
        try flow.dismiss()
        #expect(double.presentedChain.isEmpty)
        expectValueIsScreen(flow, double, router)
    }

    @Test func uikitsDismissOnAPresenterTakesOnlyWhatItPresents() {
        let double = UIKitDouble()
        double.present(Screen("a"), animated: false) {}
        double.present(Screen("b"), animated: false) {}
        // Called on "a", which presents "b": only "b" leaves — why the host asks the presenter.
        #expect(double.uikitDismiss(calledOn: 0).map(\.moduleName) == ["b"])
        #expect(double.presentedChain.map(\.moduleName) == ["a"])
    }

    @Test func aCancelledSwipeChangesNothingAndAFinishedOnePopsTheValue() throws {
        let (flow, double, router) = started()
        try flow.push(.item(1))
        double.userCancelsSwipe()
        #expect(flow.navigationState.stack == [.list, .item(1)])
        double.userTapsBack()
        #expect(flow.navigationState.stack == [.list])
        expectValueIsScreen(flow, double, router)
    }

    /// Across branches, what leaves and what comes is one change: UIKit shows one transition, not a cut per module.
    @Test func navigatingAcrossBranchesIsOneTransition() throws {
        let (flow, double, router) = started()
        try flow.navigate(to: NavigationState(stack: [.list, .item(1), .item(2), .item(3)]))
        let before = double.stackChanges
        try flow.navigate(to: NavigationState(stack: [.list, .item(4), .item(5)]), animated: true)
        #expect(double.stackChanges == before + 1)
        #expect(flow.navigationState.stack == [.list, .item(4), .item(5)])
        expectValueIsScreen(flow, double, router)
    }

    /// Random sequences of the flow's edits, the user's gestures and the app's own UIKit code: after every step the
    /// value is what the double shows.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func theValueIsTheScreenAfterEveryStepOfARandomSession(seed: UInt64) throws {
        let (flow, double, router) = started()
        var random = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, 1, 2))  // the same session for the same seed
        for step in 0..<300 {
            let n = Int(random.next() % 50)
            switch random.next() % 11 {
            case 0, 1: try flow.push(.item(n), animated: false)
            case 2: if router.stack.count > 1 { try flow.pop(animated: false) }
            case 3: if router.presented.isEmpty { try flow.present(.sheet(n), animated: false) }
            case 4: if !router.presented.isEmpty { try flow.dismiss(animated: false) }
            case 5:
                let stack = [Place.list] + (0..<(n % 6)).map { Place.item($0) }
                try flow.navigate(to: NavigationState(stack: stack, presented: n % 3 == 0 ? .sheet(n) : nil))
            case 6: double.userTapsBack()
            case 7: double.userCancelsSwipe()
            case 8: if n % 4 == 0 { double.appPushes(Screen("app \(step)")) } else { double.userTapsBack() }
            case 9: double.appDismissesTopSheet()
            default: double.userSwipesSheetDown()
            }
            expectValueIsScreen(flow, double, router)
        }
    }

    // MARK: SwiftUI

    @Test func aPathTheRouterRefusesMakesTheViewsReadTheRoutersPathAgain() throws {
        let (flow, _, router) = started()
        try flow.push(.item(1))
        let changed = Mutex(false)
        withObservationTracking {
            _ = router.path
        } onChange: {
            changed.withLock { $0 = true }
        }
        let stranger = ModuleIDProbe.id(of: Screen("stranger"))
        #expect(throws: NavigationError.self) { try router.hostDidSetPath(router.path + [stranger]) }
        #expect(changed.withLock { $0 })
        #expect(flow.navigationState.stack == [.list, .item(1)])
    }

    @Test func eachPresentedModuleHasASheetOfItsOwnLevelAndTheFirstIsTheValues() throws {
        let (flow, _, router) = started()
        try flow.present(.sheet(1))
        let over = Screen("over")
        try router.present(over, animated: false, completion: nil)
        #expect(router.presentedID(level: 0) == ModuleIDProbe.id(of: router.presented[0]))
        #expect(router.presentedID(level: 1) == ModuleIDProbe.id(of: over))
        #expect(router.presentedID(level: 2) == nil)
        #expect(flow.navigationState.presented == .sheet(1))
        // The user drags the sheet of level 1 down: only it leaves.
        router.hostDidDismissSheet(level: 1)
        #expect(router.presented.count == 1)
        // Level 0: the value's sheet leaves.
        router.hostDidDismissSheet(level: 0)
        #expect(flow.navigationState.presented == nil)
    }
}

/// Makes module identities, as the SwiftUI host does.
@MainActor
enum ModuleIDProbe {
    static func id(of module: any Presentable) -> ModuleID { ModuleID(module) }
}
