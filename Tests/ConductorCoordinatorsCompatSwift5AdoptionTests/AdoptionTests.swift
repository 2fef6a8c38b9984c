// The seed's tests (ApplicationCoordinatorTests) for its coordinators, once its library files are deleted: XCTest
// cases that are not isolated to the main actor create, start and inspect Conductor's coordinators as they did the
// seed's, in Swift 5 language mode.
import ConductorCoordinatorsCompat
import XCTest

class ItemCoordinatorAdoptionTest: XCTestCase {

    private var coordinator: ItemCoordinator!
    private var router: RouterMockImp!

    override func setUp() {
        super.setUp()

        router = RouterMockImp()
        coordinator = ItemCoordinator(router: router, factory: ModuleFactoryImp())
    }

    override func tearDown() {
        coordinator = nil
        router = nil

        super.tearDown()
    }

    func testStartShowsTheItemsListAsTheSeedsStartDid() {

        coordinator.start()
        XCTAssertTrue(router.navigationStack.first is ItemsListController)
        XCTAssertTrue(router.navigationStack.count == 1)
    }

    func testSelectingAnItemShowsItsDetailAndItsCompletionRunsWhenItLeaves() {

        coordinator.start()
        let itemsList = router.navigationStack.first as? ItemsListController
        itemsList?.onItemSelect?(ItemList(title: ""))
        XCTAssertTrue(router.navigationStack.last is ItemDetailController)
        XCTAssertTrue(router.navigationStack.last?.hidesBottomBarWhenPushed == true)
        router.popModule()
        XCTAssertEqual(coordinator.detailsClosed, 1)
    }

    func testStartWithADeepLinkShowsTheItem() {

        coordinator.start(with: DeepLinkOption.item("42"))
        XCTAssertTrue(router.navigationStack.count == 2)
        XCTAssertEqual((router.navigationStack.last as? ItemDetailController)?.item?.title, "42")
    }
}

class ApplicationCoordinatorAdoptionTest: XCTestCase {

    func testTheApplicationCoordinatorAddsAndStartsItsItemsFlow() {
        let router = RouterMockImp()
        let application = ApplicationCoordinator(router: router, factory: ModuleFactoryImp())

        application.start(with: DeepLinkOption.item("3"))

        XCTAssertEqual(application.childCoordinators.count, 1)
        XCTAssertTrue(application.childCoordinators.first is ItemCoordinator)
        XCTAssertTrue(router.navigationStack.count == 2)
    }

    func testDependenciesAreAddedOnceAndRemoved() {
        let coordinator = BaseCoordinator()
        let child = BaseCoordinator()

        coordinator.addDependency(child)
        coordinator.addDependency(child)
        XCTAssertTrue(coordinator.childCoordinators.count == 1, "Only unique reference could be added")
        coordinator.removeDependency(child)
        XCTAssertTrue(coordinator.childCoordinators.isEmpty)
        coordinator.removeDependency(child)
        coordinator.removeDependency(nil)
        XCTAssertTrue(coordinator.childCoordinators.isEmpty)
    }

    func testConductorsRouterShowsTheFlowAndRunsItsCompletionOnTheMainThread() {
        let headless = MainActor.assumeIsolated { HeadlessNavigationRouter(name: "main") }
        let coordinator = ItemCoordinator(router: headless, factory: ModuleFactoryImp())

        coordinator.start(with: DeepLinkOption.item("7"))
        XCTAssertEqual(MainActor.assumeIsolated { headless.stack.count }, 2)
        let router: Router = headless
        router.popModule()
        XCTAssertEqual(coordinator.detailsClosed, 1)
    }
}
