// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of the article "Coordinators, Factories and Deep Links" (Coordinators.md), compiled and run.
import ConductorActions
import ConductorCoordinators
import Testing

private struct ShowItem: Action { let id: Int }

@MainActor
private final class ItemDetailScreen: Presentable {
    let moduleName: String
    init(id: Int) { moduleName = "Item \(id)" }
}

@MainActor
private final class ItemCreateScreen: Presentable {}

@MainActor
private final class ItemCreateCoordinator: FlowCoordinator<Int?> {
    override func start() {}
}

@MainActor
private final class ItemsListScreen: Presentable {
    var onItemSelect: ((Int) -> Void)?
    var onCreateButtonTap: (() -> Void)?
}

@MainActor
private protocol ModuleFactory {
    func makeItemsList() -> ItemsListScreen
    func makeItemDetail(id: Int) -> ItemDetailScreen
    func makeItemCreate() -> ItemCreateScreen
}

@MainActor
private protocol CoordinatorFactory {
    func makeItems(router: any NavigationRouter) -> ItemsCoordinator
    /// A creation flow with the router it runs in, which the caller presents.
    func makeItemCreate() -> (coordinator: ItemCreateCoordinator, toPresent: any NavigationRouter)
}

@MainActor
private final class ItemsCoordinator: FlowCoordinator<Void> {
    private let router: any NavigationRouter
    private let modules: any ModuleFactory
    private let coordinators: any CoordinatorFactory

    init(router: any NavigationRouter, modules: any ModuleFactory, coordinators: any CoordinatorFactory) throws {
        self.router = router
        self.modules = modules
        self.coordinators = coordinators
        super.init()
        // `ShowItem(id: 3).send()` from any screen navigates; the route leaves with this coordinator.
        try dispatcher.register(ShowItem.self) { [weak self] action in self?.showDetail(action.id) }
    }

    override func start() {
        let list = modules.makeItemsList()
        list.onItemSelect = { [weak self] id in self?.showDetail(id) }
        list.onCreateButtonTap = { [weak self] in self?.runCreationFlow() }
        do { try router.setRoot(list, hideBar: false) } catch { router.onError?(error) }
    }

    override func handle(deepLink: any DeepLink) -> Bool {
        guard case AppLink.item(let id)? = deepLink as? AppLink else { return false }
        showDetail(id)
        return true
    }

    private func showDetail(_ id: Int) {
        do { try router.push(modules.makeItemDetail(id: id), animated: true, hidesBottomBar: false, onPop: nil) } catch {
            router.onError?(error)
        }
    }

    private func runCreationFlow() {
        let (coordinator, modal) = coordinators.makeItemCreate()
        do {
            // The sheet is dismissed when the flow finishes; a sheet the user dismisses finishes it with nil.
            try presentChild(coordinator, showing: modal, on: router, dismissedOutput: nil) { [weak self] id in
                if let self, let id { showDetail(id) }
            }
        } catch {
            print("The creation flow cannot be shown: \(error)")   // report it: never drop it
        }
    }
}

private enum AppLink: DeepLink, Equatable { case items, item(id: Int), signUp }

@MainActor
private struct Factories: ModuleFactory, CoordinatorFactory {
    let actions: ActionRouter
    var lastCreate: ItemCreateCoordinator?
    func makeItemsList() -> ItemsListScreen { ItemsListScreen() }
    func makeItemDetail(id: Int) -> ItemDetailScreen { ItemDetailScreen(id: id) }
    func makeItemCreate() -> ItemCreateScreen { ItemCreateScreen() }
    func makeItems(router: any NavigationRouter) -> ItemsCoordinator {
        // The guide's coordinators use the shared router; this test does not make one.
        fatalError("not used")
    }
    func makeItemCreate() -> (coordinator: ItemCreateCoordinator, toPresent: any NavigationRouter) {
        let router = HeadlessNavigationRouter(name: "create")
        try? router.setRoot(ItemCreateScreen(), hideBar: false)
        return (ItemCreateCoordinator(), router)
    }
}

@MainActor
@Suite(.serialized)
struct CoordinatorsGuideTests {
    @Test func theItemsFlowShowsAnItemByActionAndByDeepLink() throws {
        let router = HeadlessNavigationRouter(name: "main")
        let factories = Factories(actions: .shared)
        let items = try ItemsCoordinator(router: router, modules: factories, coordinators: factories)
        items.run()
        try ShowItem(id: 3).send()
        #expect(items.handle(deepLink: AppLink.item(id: 4)))
        #expect(router.stack.count == 3)
    }

    @Test func aChildFlowFinishesInItsRootScreensCompletion() throws {
        let router = HeadlessNavigationRouter(name: "main")
        try router.setRoot(ItemsListScreen(), hideBar: false)
        let parent = BaseCoordinator(actionRouter: nil)
        let child = ItemCreateCoordinator()
        parent.startChild(child)
        let coordinatorRoot = ItemCreateScreen()
        try router.push(coordinatorRoot, animated: true, hidesBottomBar: false) { [weak child] in child?.finish(with: nil) }
        try router.pop(animated: true)
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func deepLinksResolveAndStartTheApp() throws {
        var links = DeepLinkMatcher<AppLink>()
        links.register("conductor-demo://items") { _ in .items }
        links.register("conductor-demo://items/:id") { p in .item(id: try p.int("id")) }
        links.register("conductor-demo://signup") { _ in .signUp }

        final class ItemsApp: BaseCoordinator {
            var shown: [AppLink] = []
            override func handle(deepLink: any DeepLink) -> Bool {
                guard let link = deepLink as? AppLink, case .item = link else { return false }
                shown.append(link)
                return true
            }
        }
        let applicationCoordinator = ItemsApp(actionRouter: nil)
        let link = try links.resolve("conductor-demo://items/3")
        applicationCoordinator.run(with: link)  // at launch
        try applicationCoordinator.open("conductor-demo://items/4", with: links)  // later, on the running tree
        #expect(applicationCoordinator.shown == [.item(id: 3), .item(id: 4)])
        #expect(throws: DeepLinkError.self) { try applicationCoordinator.open("conductor-demo://signup", with: links) }
    }
}
