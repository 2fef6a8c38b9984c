import ConductorCoordinators
import Testing

/// A window's router shows one root — a flow's stack, the tabs, a screen — and refuses what belongs on a stack; a
/// stack refuses tabs, which Apple's View Controller Catalog installs at a window's root (or presents), never inside a
/// navigation controller.
@MainActor
struct WindowRootHostTests {
    final class Screen: Presentable {
        let moduleName: String
        init(_ name: String) { moduleName = name }
    }

    let window = HeadlessRouterFactory().makeWindow(name: "window")

    @Test func aWindowShowsOneRootAndANewRootReplacesIt() throws {
        let auth = HeadlessNavigationRouter(name: "auth")
        try auth.setRoot(Screen("Login"), hideBar: false)
        var authLeft = false
        try window.setRoot(auth, hideBar: false)
        #expect(window.visibleRouter === auth)
        #expect(window.visibleRouter.visibleModule?.moduleName == "Login")

        let tabs = TabRouter(name: "tabs", tabs: ["items", "settings"])
        try tabs.selectedRouter.setRoot(Screen("Items"), hideBar: false)
        try auth.push(Screen("Sign up"), animated: false, hidesBottomBar: false) { authLeft = true }
        try window.setRoot(tabs, hideBar: false)
        #expect(window.stack.count == 1)
        #expect(window.visibleRouter === tabs.selectedRouter)
        #expect(window.visibleRouter.visibleModule?.moduleName == "Items")
        #expect(!authLeft, "the auth stack left the window whole: its own pushes are its own")
    }

    @Test func aPushOnAWindowIsRefusedAndNothingChanges() throws {
        let auth = HeadlessNavigationRouter(name: "auth")
        try window.setRoot(auth, hideBar: false)
        #expect(throws: NavigationError.windowShowsOneRoot(module: "Detail", router: "window", operation: "push")) {
            try window.push(Screen("Detail"), animated: true, hidesBottomBar: false, onPop: nil)
        }
        #expect(window.stack.map(\.moduleName) == ["auth"])
    }

    @Test func aPresentOnAWindowIsRefusedAndNothingIsPresented() throws {
        try window.setRoot(Screen("Welcome"), hideBar: false)
        let error = #expect(throws: NavigationError.self) {
            try window.present(Screen("Sheet"), animated: true, completion: nil)
        }
        #expect(error?.code == .windowShowsOneRoot)
        #expect(error?.description.contains("Push or present on the stack the window shows") == true)
        #expect(window.presented.isEmpty)
    }

    @Test func aStackRefusesTabsPushedOrAsItsRootAndSaysWhereTheyGo() throws {
        let stack = HeadlessNavigationRouter(name: "main")
        try stack.setRoot(Screen("List"), hideBar: false)
        let tabs = TabRouter(name: "tabs", tabs: ["a", "b"])
        let pushed = #expect(throws: NavigationError.self) {
            try stack.push(tabs, animated: true, hidesBottomBar: false, onPop: nil)
        }
        #expect(pushed?.code == .tabsNotAtWindowRoot)
        #expect(pushed?.description.contains("makeWindow(name:)") == true)
        #expect(throws: NavigationError.tabsNotAtWindowRoot(module: "tabs", router: "main", operation: "setRoot")) {
            try stack.setRoot(tabs, hideBar: true)
        }
        #expect(stack.stack.map(\.moduleName) == ["List"])
    }

    @Test func tabsMayBePresentedOverAStack() throws {
        let stack = HeadlessNavigationRouter(name: "main")
        try stack.setRoot(Screen("List"), hideBar: false)
        let tabs = TabRouter(name: "tabs", tabs: ["a", "b"])
        try stack.present(tabs, animated: true, completion: nil)
        #expect(stack.presented.count == 1)
    }

    @Test func aWindowBeforeItsFirstRootShowsItselfAndNothingElse() {
        #expect(window.stack.isEmpty)
        #expect(window.visibleRouter === window)
        #expect(window.visibleModule == nil)
    }
}
