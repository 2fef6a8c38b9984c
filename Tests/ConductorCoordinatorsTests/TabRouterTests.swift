import ConductorCoordinators
import Testing

@MainActor
struct TabRouterTests {
    final class Screen: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    @Test func switchingTabsKeepsEachStackAndItsCompletions() throws {
        let tabs = TabRouter(name: "main", tabs: ["items", "settings"])
        let items = try #require(tabs["items"])
        var popped = 0
        try items.setRoot(Screen("List"), hideBar: false)
        try items.push(Screen("Detail"), animated: true, hidesBottomBar: false) { popped += 1 }
        try tabs.select("settings")
        #expect(tabs.description == "main: items | [settings]")
        #expect(tabs.selectedRouter === tabs["settings"])
        try tabs.select("items")
        #expect((items as? HeadlessNavigationRouter)?.description == "items: List › Detail")
        #expect(popped == 0)
        try items.pop(animated: true)
        #expect(popped == 1)
    }

    @Test func anUnknownTabIsATypedError() throws {
        let tabs = TabRouter(name: "main", tabs: ["items", "settings"])
        #expect(throws: NavigationError.noSuchTab(tab: "profile", container: "main", tabs: ["items", "settings"])) {
            try tabs.select("profile")
        }
        #expect(tabs.selectedTab == "items")
    }

    @Test func emptyOrRepeatedTabsAreReportedAndLeftOut() {
        withKnownIssue {
            let tabs = TabRouter(tabs: ["a", "b", "a"])
            #expect(tabs.tabNames == ["a", "b"])
        }
        withKnownIssue {
            let tabs = TabRouter(tabs: [])
            #expect(tabs.tabNames == ["main"])
            #expect(tabs.selectedRouter === tabs["main"])
        }
    }

    /// Selecting in code tells the platform's container; the user's selection on the platform does not echo back.
    @Test func aSelectionInCodeMovesTheHostAndTheUsersSelectionDoesNotEchoBack() throws {
        final class Host: TabHost {
            var shown: [String] = []
            func showSelectedTab(_ tab: String, at index: Int) { shown.append("\(tab)@\(index)") }
        }
        let host = Host()
        let tabs = TabRouter(name: "main", tabs: ["items", "settings", "profile"])
        tabs.host = host
        var selected: [String] = []
        tabs.onSelect = { selected.append($0) }
        try tabs.select("profile")
        try tabs.select("profile")
        try tabs.platformDidSelect("items")
        #expect(host.shown == ["profile@2"])
        #expect(selected == ["profile", "items"])
        #expect(throws: NavigationError.noSuchTab(tab: "x", container: "main", tabs: tabs.tabNames)) {
            try tabs.platformDidSelect("x")
        }
    }

    @Test func eachTabsRouterComesFromTheFactoryGiven() {
        let tabs = TabRouter(name: "main", tabs: ["a", "b"]) { HeadlessNavigationRouter(name: "stack-\($0)") }
        #expect(tabs["a"]?.name == "stack-a")
        #expect(tabs["b"]?.name == "stack-b")
        #expect(tabs["c"] == nil)
    }
}
