import ConductorCoordinators
import Testing

@MainActor
struct TabCoordinatorTests {
    enum Link: DeepLink, Equatable {
        case item(Int)
        case settings
    }

    final class Screen: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    /// A tab's flow: shows a root, takes the links of its kind, and counts the links it was offered.
    final class TabFlow: FlowCoordinator<Void> {
        let router: any NavigationRouter
        let takes: (Link) -> Bool
        var offered: [Link] = []

        init(router: any NavigationRouter, takes: @escaping (Link) -> Bool) {
            self.router = router
            self.takes = takes
            super.init(actionRouter: nil)
        }

        override func start() {
            do { try router.setRoot(Screen("\(router.name) root"), hideBar: false) } catch { Issue.record(error) }
        }

        override func handle(deepLink: any DeepLink) -> Bool {
            guard let link = deepLink as? Link else { return false }
            offered.append(link)
            return takes(link)
        }
    }

    final class Main: TabCoordinator<Void> {
        var selections: [String] = []
        override func didSelect(tab: String) { selections.append(tab) }
    }

    func makeMain() -> (Main, items: TabFlow, settings: TabFlow) {
        let main = Main(tabs: HeadlessRouterFactory().makeTabs(name: "main", tabs: ["items", "settings"]))
        let items = TabFlow(router: main.tabs["items"]!) { if case .item = $0 { true } else { false } }
        let settings = TabFlow(router: main.tabs["settings"]!) { $0 == .settings }
        main.startTab("items", items)
        main.startTab("settings", settings)
        return (main, items, settings)
    }

    @Test func theSelectedTabsFlowIsTheActiveChildFromTheStart() {
        let (main, items, _) = makeMain()
        #expect(main.activeChild === items)
        #expect(main.activePath.first === items)
    }

    @Test func selectingATabInCodeOrOnThePlatformMakesItsFlowActive() throws {
        let (main, items, settings) = makeMain()
        try main.tabs.select("settings")
        #expect(main.activeChild === settings)
        try main.tabs.platformDidSelect("items")
        #expect(main.activeChild === items)
        #expect(main.selections == ["settings", "items"])
    }

    /// A link offered while the user is on one tab is offered to that tab's flow first, and a link only a hidden
    /// tab takes selects that tab.
    @Test func aDeepLinkGoesToTheVisibleTabFirstAndSelectsTheTabThatTakesIt() throws {
        let (main, items, settings) = makeMain()
        try main.tabs.select("settings")
        #expect(main.offer(Link.settings))
        #expect(items.offered.isEmpty)
        #expect(main.tabs.selectedTab == "settings")
        #expect(main.offer(Link.item(3)))
        #expect(settings.offered == [.settings, .item(3)])
        #expect(items.offered == [.item(3)])
        #expect(main.tabs.selectedTab == "items")
        #expect(main.activeChild === items)
    }

    @Test func aTabThatDoesNotExistOrAlreadyHasAFlowIsReportedAndNotStarted() {
        let (main, _, _) = makeMain()
        let stray = TabFlow(router: HeadlessNavigationRouter(name: "x")) { _ in false }
        withKnownIssue { main.startTab("profile", stray) }
        withKnownIssue { main.startTab("items", stray) }
        #expect(!stray.isStarted)
        #expect(main.childCoordinators.count == 2)
    }

    @Test func aFinishedTabFlowLeavesItsTabAndIsReleased() {
        let (main, items, _) = makeMain()
        weak var released: TabFlow?
        do {
            let profile = TabFlow(router: HeadlessNavigationRouter(name: "p")) { _ in false }
            released = profile
            let main2 = Main(tabs: TabRouter(tabs: ["profile"]))
            main2.startTab("profile", profile)
            #expect(main2.tabFlows["profile"] === profile)
            profile.finish()
            #expect(main2.tabFlows["profile"] == nil)
        }
        #expect(released == nil)
        #expect(main.tabFlows["items"] === items)
    }

    /// A tab container at the root, started at a link: the tabs' flows exist only once it has started.
    final class LaunchedMain: TabCoordinator<Void> {
        var items: TabFlow?
        var settings: TabFlow?
        override func start() {
            let items = TabFlow(router: tabs["items"]!) { if case .item = $0 { true } else { false } }
            let settings = TabFlow(router: tabs["settings"]!) { $0 == .settings }
            self.items = items
            self.settings = settings
            startTab("items", items)
            startTab("settings", settings)
        }
    }

    /// A regression: with a tab container at the root, `run(with:)` offered the link before any tab had a flow, and
    /// dropped it.
    @Test func aLaunchLinkIsTakenOnceTheTabsHaveStartedAndSelectsItsTab() {
        let main = LaunchedMain(tabs: HeadlessRouterFactory().makeTabs(name: "main", tabs: ["items", "settings"]))
        main.run(with: Link.settings)
        #expect(main.settings?.offered == [.settings])
        #expect(main.tabs.selectedTab == "settings")
    }

    @Test func aLaunchLinkNoFlowTakesIsToldToTheObserversNotDropped() {
        let main = LaunchedMain(tabs: HeadlessRouterFactory().makeTabs(name: "main", tabs: ["items", "settings"]))
        var heard: [String] = []
        main.addDeepLinkObserver(owner: main) { heard.append("\($0.link ?? "-") \($0.error?.code.name ?? "taken")") }
        enum Other: DeepLink { case unknown }
        main.run(with: Other.unknown)
        #expect(heard == ["unknown notHandled"])
        #expect(main.tabs.selectedTab == "items")
    }
}
