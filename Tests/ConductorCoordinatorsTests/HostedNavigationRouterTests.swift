import ConductorCoordinators
import Testing

/// The neutral router against a scripted host replaying UIKit's event sequences.
@MainActor
struct HostedNavigationRouterTests {
    final class Screen: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    final class Detail: FlowCoordinator<Void> {}

    let host = ScriptedHost()
    let router: HostedNavigationRouter

    init() {
        router = HostedNavigationRouter(name: "main", host: host)
        host.router = router
    }

    /// A root, then two pushed screens whose completions count.
    func pushTwo() throws -> (a: Screen, popped: Counter) {
        let popped = Counter()
        let root = Screen("List")
        try router.setRoot(root, hideBar: false)
        try router.push(Screen("A"), animated: true, hidesBottomBar: false) { popped.names.append("A") }
        try router.push(Screen("B"), animated: true, hidesBottomBar: false) { popped.names.append("B") }
        return (root, popped)
    }

    final class Counter { var names: [String] = [] }

    @Test func theRouterTellsTheHostWhatToShow() throws {
        _ = try pushTwo()
        try router.pop(animated: true)
        try router.present(Screen("Sheet"), animated: true, completion: nil)
        #expect(host.calls == ["show List", "show List,A", "show List,A,B", "show List,A", "present Sheet"])
    }

    @Test func barsAreHiddenAsThePushAndTheRootAsk() throws {
        try router.setRoot(Screen("Login"), hideBar: true)
        try router.push(Screen("Detail"), animated: true, hidesBottomBar: true, onPop: nil)
        #expect(host.calls == ["hide navigation bar", "show Login", "hide bottom bar for Detail", "show Login,Detail"])
    }

    @Test func theBackButtonRunsTheCompletionOnce() throws {
        let (_, popped) = try pushTwo()
        try host.tapBack()
        #expect(popped.names == ["B"])
        #expect(router.stack.map(\.moduleName) == ["List", "A"])
        try router.pop(animated: true)
        #expect(popped.names == ["B", "A"])
    }

    @Test func aCompletedSwipeBackIsAPop() throws {
        let (_, popped) = try pushTwo()
        try host.swipeBack()
        #expect(popped.names == ["B"])
        #expect(router.pendingStack == nil)
    }

    @Test func aCancelledInteractivePopChangesNothing() throws {
        let (_, popped) = try pushTwo()
        try host.swipeBackAndCancel()
        #expect(popped.names.isEmpty)
        #expect(router.stack.map(\.moduleName) == ["List", "A", "B"])
        #expect(router.pendingStack == nil)
        try host.tapBack()
        #expect(popped.names == ["B"])
    }

    @Test func poppingSeveralAtOnceRunsEachCompletionTopFirst() throws {
        let (_, popped) = try pushTwo()
        try host.popBack(to: 0)
        #expect(popped.names == ["B", "A"])
        #expect(router.stack.map(\.moduleName) == ["List"])
    }

    @Test func aSheetDismissedByASwipeRunsItsDismissalOnceAndTheFlowFinishes() throws {
        let parent = BaseCoordinator(actionRouter: nil)
        weak var weakFlow: Detail?
        var dismissed = 0
        do {
            let flow = Detail(actionRouter: nil)
            weakFlow = flow
            parent.startChild(flow)
            try router.setRoot(Screen("List"), hideBar: false)
            try router.present(Screen("Sheet"), animated: true, completion: nil) { [unowned flow] in
                dismissed += 1
                flow.finish()
            }
        }
        host.swipeDownSheet()
        #expect(dismissed == 1)
        #expect(router.presented.isEmpty)
        #expect(weakFlow == nil)
        #expect(parent.childCoordinators.isEmpty)
        #expect(throws: NavigationError.nothingPresented(router: "main")) {
            try router.dismiss(animated: true, completion: nil)
        }
        #expect(dismissed == 1)
    }

    @Test func aDismissByTheRouterRunsTheDismissalOnceToo() throws {
        var dismissed = 0
        try router.setRoot(Screen("List"), hideBar: false)
        try router.present(Screen("Sheet"), animated: true, completion: nil) { dismissed += 1 }
        try router.dismiss(animated: true, completion: nil)
        #expect(dismissed == 0)
        host.finishTransitions()
        host.swipeDownSheet()
        #expect(dismissed == 1)
    }

    @Test func aSwipeDismissTakesTheSheetsAbove() throws {
        var dismissed: [String] = []
        try router.setRoot(Screen("List"), hideBar: false)
        let first = Screen("First")
        try router.present(first, animated: true, completion: nil) { dismissed.append("First") }
        try router.present(Screen("Second"), animated: true, completion: nil) { dismissed.append("Second") }
        router.hostDidDismiss(first)
        #expect(dismissed == ["Second", "First"])
    }

    @Test func aPushedFlowIsReleasedWhenTheUserPopsItsScreen() throws {
        let parent = BaseCoordinator(actionRouter: nil)
        weak var weakFlow: Detail?
        try router.setRoot(Screen("List"), hideBar: false)
        do {
            let flow = Detail(actionRouter: nil)
            weakFlow = flow
            parent.startChild(flow)
            try router.push(Screen("Detail"), animated: true, hidesBottomBar: false) { [unowned flow] in flow.finish() }
        }
        #expect(weakFlow != nil)
        try host.swipeBack()
        #expect(weakFlow == nil)
    }

    /// The screen is the truth of what the user sees: a stack the router never had (the app's own
    /// `setViewControllers`) replaces the router's, its modules adopted, and what left runs its completions.
    @Test func aStackTheRouterNeverHadBecomesItsStack() throws {
        let (_, popped) = try pushTwo()
        let elsewhere = Screen("Elsewhere")
        try router.hostDidShow([elsewhere])
        #expect(popped.names == ["B", "A"])
        #expect(router.stack.count == 1)
        #expect(router.stack.first === elsewhere)
        #expect(router.events.last == .platformPush(["Elsewhere"]))
    }

    /// A host built inline (`HostedNavigationRouter(name:host: UIKitNavigationHost(…))`) must keep working: the router
    /// keeps it alive, and the host holds the router weakly, so both are released together.
    @Test func theRouterKeepsItsHostAliveAndBothAreReleasedTogether() throws {
        weak var weakHost: ScriptedHost?
        weak var weakRouter: HostedNavigationRouter?
        do {
            let router = HostedNavigationRouter(name: "x", host: ScriptedHost())
            weakRouter = router
            weakHost = router.host as? ScriptedHost
            weakHost?.router = router
            try router.setRoot(Screen("List"), hideBar: false)
            #expect(weakHost?.calls == ["show List"])
        }
        #expect(weakHost == nil)
        #expect(weakRouter == nil)
    }

    @Test func presentAndDismissCompletionsRunWhenThePlatformHasFinished() throws {
        var events: [String] = []
        try router.present(Screen("Sheet"), animated: true) { events.append("presented") }
        #expect(events.isEmpty)
        host.finishTransitions()
        #expect(events == ["presented"])
        try router.dismiss(animated: true) { events.append("dismissed") }
        #expect(events == ["presented"])
        host.finishTransitions()
        #expect(events == ["presented", "dismissed"])
    }

    @Test func aModuleTheHostCannotShowIsATypedErrorAndChangesNothing() throws {
        host.refused = ["Widget"]
        try router.setRoot(Screen("List"), hideBar: false)
        #expect(throws: NavigationError.cannotShow(module: "Widget", router: "main")) {
            try router.push(Screen("Widget"), animated: true, hidesBottomBar: false, onPop: nil)
        }
        #expect(throws: NavigationError.cannotShow(module: "Widget", router: "main")) {
            try router.present(Screen("Widget"), animated: true, completion: nil)
        }
        #expect(router.stack.map(\.moduleName) == ["List"])
        #expect(router.presented.isEmpty)
    }
}

/// Tab switches by the user, as a `UITabBarController` delegate reports them.
@MainActor
struct HostedTabSwitchTests {
    @Test func aTabSwitchByTheUserKeepsEveryStackAndTellsTheCoordinators() throws {
        let tabs = TabRouter(name: "main", tabs: ["items", "settings"])
        let coordinator = BaseCoordinator(actionRouter: nil)
        let items = FlowCoordinator<Void>(actionRouter: nil)
        let settings = FlowCoordinator<Void>(actionRouter: nil)
        coordinator.startChild(items)
        coordinator.startChild(settings)
        tabs.onSelect = { [unowned coordinator] tab in coordinator.activeChild = tab == "items" ? items : settings }
        try tabs["items"]?.setRoot(HostedNavigationRouterTests.Screen("List"), hideBar: false)
        try tabs["items"]?.push(
            HostedNavigationRouterTests.Screen("Detail"), animated: true, hidesBottomBar: false, onPop: nil)
        try tabs.platformDidSelect("settings")
        #expect(coordinator.activePath.first === settings)
        try tabs.platformDidSelect("items")
        #expect(coordinator.activePath.first === items)
        #expect((tabs["items"] as? HeadlessNavigationRouter)?.description == "items: List › Detail")
        #expect(throws: NavigationError.self) { try tabs.platformDidSelect("profile") }
    }
}

/// A declarative host (SwiftUI) binding to the router's path and sheet.
@MainActor
struct DeclarativeHostTests {
    @Test func aShorterPathSetByTheUserPopsWithCompletionsAndASheetDismissedByTheUserFinishes() throws {
        let host = DeclarativeNavigationHost()
        let router = HostedNavigationRouter(name: "stack", host: host)
        var events: [String] = []
        try router.setRoot(HostedNavigationRouterTests.Screen("List"), hideBar: false)
        try router.push(HostedNavigationRouterTests.Screen("A"), animated: true, hidesBottomBar: false) {
            events.append("pop A")
        }
        try router.push(HostedNavigationRouterTests.Screen("B"), animated: true, hidesBottomBar: false) {
            events.append("pop B")
        }
        #expect(router.path.map(\.name) == ["A", "B"])
        try router.hostDidSetPath(Array(router.path.prefix(1)))
        #expect(events == ["pop B"])
        try router.hostDidSetPath(router.path)
        #expect(events == ["pop B"])
        try router.present(HostedNavigationRouterTests.Screen("Sheet"), animated: true, completion: nil) {
            events.append("dismiss Sheet")
        }
        let sheet = try #require(router.presentedID(level: 0))
        #expect(router.module(for: sheet)?.moduleName == "Sheet")
        router.hostDidDismissSheet()
        #expect(events == ["pop B", "dismiss Sheet"])
        #expect(router.presentedID(level: 0) == nil)
    }

    @Test func aPresentCompletesWhenItsSheetAppearsNotBefore() throws {
        let host = DeclarativeNavigationHost()
        let router = HostedNavigationRouter(name: "stack", host: host)
        try router.setRoot(HostedNavigationRouterTests.Screen("List"), hideBar: false)
        var completed: [String] = []
        let sheet = HostedNavigationRouterTests.Screen("Sheet")
        try router.present(sheet, animated: true, completion: { completed.append("Sheet") })
        #expect(completed.isEmpty)  // SwiftUI has not shown it yet
        host.sheetDidAppear(sheet)
        host.sheetDidAppear(sheet)  // a second appearance (back from a sheet over it) completes nothing more
        #expect(completed == ["Sheet"])

        // A sheet dismissed before it appeared: its present completes, then the dismissal.
        let brief = HostedNavigationRouterTests.Screen("Brief")
        try router.present(brief, animated: true, completion: { completed.append("Brief") })
        try router.dismiss(animated: true, completion: { completed.append("dismissed") })
        #expect(completed == ["Sheet", "Brief", "dismissed"])
    }

    @Test func aPathTheRouterDoesNotHoldIsRefused() throws {
        let router = HostedNavigationRouter(name: "stack", host: DeclarativeNavigationHost())
        try router.setRoot(HostedNavigationRouterTests.Screen("List"), hideBar: false)
        let stranger = HostedNavigationRouterTests.Screen("Stranger")
        #expect(throws: NavigationError.notOnStack(module: "Stranger", router: "stack")) {
            try router.hostDidSetPath([ModuleID(stranger)])
        }
    }

    /// A regression: pushing a router (or setting it as the root) reached UIKit, which refuses to push a navigation
    /// controller; the router refuses it, and presenting it still works.
    @Test func aModuleTheHostCannotPushIsRefusedAndCanStillBePresented() throws {
        let host = ScriptedHost()
        host.unpushable = ["flow"]
        let router = HostedNavigationRouter(name: "main", host: host)
        try router.setRoot(Screen("root"), hideBar: false)
        let flow = HeadlessNavigationRouter(name: "flow")
        #expect(throws: NavigationError.cannotShow(module: "flow", router: "main")) {
            try router.push(flow, animated: false, hidesBottomBar: false, onPop: nil)
        }
        #expect(throws: NavigationError.cannotShow(module: "flow", router: "main")) {
            try router.setRoot(flow, hideBar: false)
        }
        try router.present(flow, animated: false, completion: nil)
        #expect(router.presented.count == 1)
        #expect(router.stack.map(\.moduleName) == ["root"])
    }
}
