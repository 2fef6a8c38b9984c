// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of ConductorCoordinators' module page, compiled and run.
import ConductorCoordinators
import Testing

@MainActor
private final class ItemsListScreen: Presentable {}

@MainActor
private final class ItemsCoordinator: FlowCoordinator<Void> {
    private let router: any NavigationRouter
    init(router: any NavigationRouter) {
        self.router = router
        super.init()
    }
    override func start() {
        do { try router.setRoot(ItemsListScreen(), hideBar: false) } catch { router.onError?(error) }
    }
}

@MainActor
private func showItems() throws -> String {
    let router = HeadlessNavigationRouter(name: "main")
    let items = ItemsCoordinator(router: router)
    items.run()
    return router.description   // main: ItemsListScreen
}

@MainActor
struct ConductorCoordinatorsModulePageTests {
    @Test func theModulePageExampleRuns() throws {
        #expect(try showItems() == "main: ItemsListScreen")
    }
}
