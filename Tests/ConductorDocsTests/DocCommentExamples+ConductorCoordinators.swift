// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorCoordinators' doc comments about coordinators and routers, compiled and run, headless.
// Each example has a namespace of its own, with the app's types it names declared around it.
import ConductorActions
import ConductorCoordinators
import Testing

/// A screen, named as the examples' factories name theirs.
private final class Screen: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

private final class ItemsScreen: Presentable {}
private final class DetailScreen: Presentable {
    let id: Int
    init(id: Int) { self.id = id }
}

// MARK: BaseCoordinator.swift

private enum BaseCoordinatorExample {
    struct ShowItem: Action { let id: Int }
    enum AppLink: DeepLink { case item(Int) }

    @MainActor struct ModuleFactory {
        func makeItemsList() -> any Presentable { Screen("Items") }
        func makeItemDetail(id: Int) -> any Presentable { Screen("Item \(id)") }
    }

    final class ItemsCoordinator: FlowCoordinator<Void> {
        private let router: any NavigationRouter
        private let factory: ModuleFactory

        init(router: any NavigationRouter, factory: ModuleFactory) throws {
            self.router = router
            self.factory = factory
            super.init()
            try dispatcher.register(ShowItem.self) { [weak self] action in self?.showItem(action.id) }
        }

        override func start() {
            do { try router.setRoot(factory.makeItemsList(), hideBar: false) } catch { router.onError?(error) }
        }

        override func handle(deepLink: any DeepLink) -> Bool {
            guard case AppLink.item(let id) = deepLink else { return false }
            showItem(id)
            return true
        }

        private func showItem(_ id: Int) {
            do { try router.push(factory.makeItemDetail(id: id), animated: true, hidesBottomBar: false, onPop: nil) }
            catch { router.onError?(error) }
        }
    }
}

/// BaseCoordinator.swift (`addActivePathObserver`): a log of where the user is.
@MainActor private final class AppLogger {
    var messages: [String] = []
    func info(_ message: String) { messages.append(message) }
}

/// BaseCoordinator.swift (`presentChild`): a creation flow on a sheet of its own.
private enum PresentChildExample {
    struct Item: Sendable, Equatable { let title: String }

    final class ItemCreateCoordinator: FlowCoordinator<Item?> {
        let router: any NavigationRouter
        init(router: any NavigationRouter) {
            self.router = router
            super.init(actionRouter: nil)
        }
        override func start() { try? router.setRoot(Screen("New item"), hideBar: false) }
    }

    final class ItemsCoordinator: FlowCoordinator<Void> {
        let router: any NavigationRouter = HeadlessNavigationRouter(name: "items")
        let routers: any RouterFactory = HeadlessRouterFactory()
        var shown: [Item] = []
        var creation: ItemCreateCoordinator?

        init() { super.init(actionRouter: nil) }
        func showItem(_ item: Item) { shown.append(item) }

        func create() throws {
            let creation = ItemCreateCoordinator(router: routers.makeRouter(name: "create"))
            try presentChild(creation, showing: creation.router, on: router, dismissedOutput: nil) { [weak self] item in
                if let self, let item { showItem(item) }
            }
            self.creation = creation
        }
    }
}

// MARK: FlowCoordinator.swift

private enum FlowCoordinatorExample {
    struct Item: Sendable { let id: Int }

    final class ItemsCoordinator: BaseCoordinator {
        var shown: [Int] = []
        func showItem(_ id: Int) { shown.append(id) }

        func create(on modal: any NavigationRouter) {
            final class CreateItemCoordinator: FlowCoordinator<Item?> {
                override func start() { /* present the form; on save: */ finish(with: item) }
            }

            startChild(CreateItemCoordinator(router: modal)) { [weak self] item in
                if let item { self?.showItem(item.id) }
            }
        }
    }
}

/// What the example's form saves.
private let item: FlowCoordinatorExample.Item? = .init(id: 3)

/// The example's flow is created with the router it shows its form on.
extension FlowCoordinator where Output == FlowCoordinatorExample.Item? {
    fileprivate convenience init(router: any NavigationRouter) { self.init(actionRouter: nil) }
}

// MARK: TabCoordinator.swift

private enum TabCoordinatorExample {
    class TabFlow: FlowCoordinator<Void> {
        let router: any NavigationRouter
        init(router: any NavigationRouter) {
            self.router = router
            super.init(actionRouter: nil)
        }
        override func start() { try? router.setRoot(Screen(name), hideBar: false) }
    }
    final class ItemsCoordinator: TabFlow {}
    final class SettingsCoordinator: TabFlow {}

    final class MainCoordinator: TabCoordinator<Void> {
        init(routers: any RouterFactory) {
            super.init(tabs: routers.makeTabs(name: "main", tabs: ["items", "settings"]))
        }

        override func start() {
            startTab("items", ItemsCoordinator(router: tabs["items"]!))
            startTab("settings", SettingsCoordinator(router: tabs["settings"]!))
        }
    }
}

@MainActor
@Suite(.serialized) struct ConductorCoordinatorsDocCommentTests {
    @Test func theItemsFlowShowsItsListAndTheItemsItIsSentOrLinkedTo() throws {
        let router = HeadlessNavigationRouter(name: "items")
        let coordinator = try BaseCoordinatorExample.ItemsCoordinator(router: router, factory: .init())
        coordinator.run()
        try BaseCoordinatorExample.ShowItem(id: 3).send()
        #expect(coordinator.handle(deepLink: BaseCoordinatorExample.AppLink.item(4)))
        #expect(router.stack.map(\.moduleName) == ["Items", "Item 3", "Item 4"])
    }

    @Test func anActivePathObserverHearsEachChangeOfTheVisibleFlow() {
        let root = BaseCoordinator(actionRouter: nil)
        let logger = AppLogger()

        root.addActivePathObserver(owner: logger) { [weak root] in
            logger.info("now showing \(root?.activePath.map(\.name) ?? [])")
        }

        root.run()
        root.startChild(FlowCoordinator<Void>(actionRouter: nil))
        #expect(logger.messages == [#"now showing ["FlowCoordinator<()>", "BaseCoordinator"]"#])
    }

    @Test func aPresentedChildsOutputReachesItsParentAndItsSheetLeaves() throws {
        let items = PresentChildExample.ItemsCoordinator()
        items.run()
        try items.create()
        #expect(items.router.presented.count == 1)
        items.creation?.finish(with: .init(title: "Milk"))
        #expect(items.shown == [.init(title: "Milk")])
        #expect(items.router.presented.isEmpty)
    }

    @Test func aStartedChildsOutputReachesItsParent() {
        let items = FlowCoordinatorExample.ItemsCoordinator(actionRouter: nil)
        items.run()
        items.create(on: HeadlessNavigationRouter(name: "modal"))
        #expect(items.shown == [3])
        #expect(items.childCoordinators.isEmpty)
    }

    @Test func theMainCoordinatorStartsAFlowForEachTab() {
        let main = TabCoordinatorExample.MainCoordinator(routers: HeadlessRouterFactory())
        main.run()
        #expect(main.childCoordinators.count == 2)
        #expect(main.tabs["settings"]?.stack.map(\.moduleName) == ["SettingsCoordinator"])
    }

    @Test func aScreenIsAPresentableSetAsTheRoot() throws {
        let router = HeadlessNavigationRouter(name: "main")

        final class ItemsScreen: Presentable {}
        try router.setRoot(ItemsScreen(), hideBar: false)

        #expect(router.stack.map(\.moduleName) == ["ItemsScreen"])
    }

    @Test func aHeadlessRouterPrintsItsStack() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        var closed = 0
        func print(_ message: String) { closed += 1 }

        let router = HeadlessNavigationRouter(name: "main")
        try router.setRoot(ItemsScreen(), hideBar: false)
        try router.push(DetailScreen(id: 3), animated: true, hidesBottomBar: false) { print("detail closed") }
        print(router)          // main: ItemsScreen › DetailScreen
        try router.pop(animated: true)

        #expect(printed == ["main: ItemsScreen › DetailScreen"])
        #expect(closed == 1)
    }

    @Test func aTabRouterKeepsEachTabsStackWhenTheSelectionChanges() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }

        let tabs = TabRouter(name: "main", tabs: ["items", "settings"])   // in memory: headless routers
        try tabs["items"]?.setRoot(ItemsScreen(), hideBar: false)
        try tabs.select("settings")       // the items stack is kept as it is
        print(tabs)                       // main: items | [settings]

        #expect(printed == ["main: items | [settings]"])
        #expect(tabs["items"]?.stack.count == 1)
    }

    @Test func poppingTheRootIsNothingToPop() throws {
        let router = HeadlessNavigationRouter(name: "main")
        try router.setRoot(ItemsScreen(), hideBar: false)
        // NavigationError.swift, whose example is marked a fragment (`{ … }`): its first line.
        #expect(throws: NavigationError.nothingToPop(router: "main")) { try router.pop(animated: true) }
    }
}

// MARK: NavigationRouter.swift — the one read of what is shown

@MainActor
struct VisibleRouterExamples {
    @Test func theVisibleRouterFollowsTheSelectedTabAndThePresentedFlow() throws {
        let root = HeadlessRouterFactory().makeWindow(name: "window")
        let tabs = TabRouter(name: "tabs", tabs: ["items", "settings"]) { HeadlessNavigationRouter(name: $0) }
        try root.setRoot(tabs, hideBar: false)
        try tabs.selectedRouter.setRoot(Screen("Items"), hideBar: false)
        let creation = HeadlessNavigationRouter(name: "create")
        try creation.setRoot(Screen("New item"), hideBar: false)
        try tabs.selectedRouter.present(creation, animated: false, completion: nil)

        let shown = root.visibleRouter.visibleModule    // the screen in front of the user

        #expect(root.visibleRouter === creation)
        #expect(shown?.moduleName == "New item")
        try tabs.selectedRouter.dismiss(animated: false, completion: nil)
        #expect(root.visibleRouter.visibleModule?.moduleName == "Items")
    }
}
