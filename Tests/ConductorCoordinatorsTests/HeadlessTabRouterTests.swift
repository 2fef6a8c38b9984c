import ConductorCoordinators
import Testing

@MainActor
struct HeadlessTabRouterTests {
    final class Screen: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    @Test func switchingTabsKeepsEachStackAndItsCompletions() throws {
        let tabs = try HeadlessTabRouter(name: "main", tabs: ["items", "settings"])
        let items = try #require(tabs["items"])
        var popped = 0
        try items.setRoot(Screen("List"), hideBar: false)
        try items.push(Screen("Detail"), animated: true, hidesBottomBar: false) { popped += 1 }
        try tabs.select("settings")
        #expect(tabs.description == "main: items | [settings]")
        #expect(tabs.selectedRouter === tabs["settings"])
        try tabs.select("items")
        #expect(items.description == "items: List › Detail")
        #expect(popped == 0)
        try items.pop(animated: true)
        #expect(popped == 1)
    }

    @Test func anUnknownTabIsATypedError() throws {
        let tabs = try HeadlessTabRouter(name: "main", tabs: ["items", "settings"])
        #expect(throws: NavigationError.noSuchTab(tab: "profile", container: "main", tabs: ["items", "settings"])) {
            try tabs.select("profile")
        }
        #expect(tabs.selectedTab == "items")
    }

    @Test func emptyOrRepeatedTabsAreRefused() {
        #expect(throws: NavigationError.self) { try HeadlessTabRouter(tabs: []) }
        #expect(throws: NavigationError.self) { try HeadlessTabRouter(tabs: ["a", "a"]) }
    }
}
