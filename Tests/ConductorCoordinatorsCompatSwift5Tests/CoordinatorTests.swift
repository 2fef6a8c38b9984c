// The seed's own tests (ApplicationCoordinatorTests), in its users' style: XCTest cases that are not isolated to the
// main actor, driving the app's coordinators through its router mock — and through Conductor's router, which is the
// seed's `Router` as well.
import ConductorCoordinatorsCompat
import Dispatch
import XCTest

class RouterTest: XCTestCase {

    private var router: RouterMock!

    private var firstController: ViewController!
    private var secondController: ViewController!
    private var thirdController: ViewController!

    override func setUp() {
        super.setUp()

        router = RouterMockImp()
        firstController = ItemsListController()
        secondController = ItemDetailController()
        thirdController = SettingsController()
    }

    override func tearDown() {

        router = nil
        firstController = nil
        secondController = nil
        thirdController = nil

        super.tearDown()
    }

    func testRouterSetRootModule() {

        router.setRootModule(firstController)
        XCTAssertTrue(router.navigationStack.first is ItemsListController)
    }

    func testRouterPushViewModule() {

        router.setRootModule(firstController)
        XCTAssertTrue(router.navigationStack.last is ItemsListController)
        router.push(secondController)
        XCTAssertTrue(router.navigationStack.last is ItemDetailController)
    }

    func testRouterPopViewModule() {

        router.setRootModule(firstController)
        XCTAssertTrue(router.navigationStack.last is ItemsListController)
        router.push(secondController)
        XCTAssertTrue(router.navigationStack.last is ItemDetailController)

        router.popModule()
        XCTAssertTrue(router.navigationStack.last is ItemsListController)
    }

    func testRouterPopToRootViewModule() {

        router.setRootModule(firstController)
        XCTAssertTrue(router.navigationStack.last is ItemsListController)
        router.push(secondController)
        XCTAssertTrue(router.navigationStack.last is ItemDetailController)
        router.push(thirdController)
        XCTAssertTrue(router.navigationStack.last is SettingsController)

        router.popToRootModule(animated: false)
        XCTAssertTrue(router.navigationStack.last is ItemsListController)
    }

    func testPresentViewModule() {
        router.present(secondController)
        XCTAssertTrue(router.presented is ItemDetailController)
    }

    func testDismissViewModule() {

        router.present(secondController)
        XCTAssertTrue(router.presented is ItemDetailController)
        router.dismissModule()
        XCTAssertTrue(router.presented == nil)
    }

    func testPushHidingTheBottomBar() {
        router.setRootModule(firstController)
        router.push(secondController, hideBottomBar: true)
        XCTAssertTrue(router.navigationStack.last?.hidesBottomBarWhenPushed == true)
    }
}

class ItemCoordinatorTest: XCTestCase {

    private var coordinator: Coordinator!
    private var router: RouterMock!

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

    func testStart() {

        coordinator.start()
        // the items list must be in navigation stack
        XCTAssertTrue(router.navigationStack.first is ItemsListController)
        XCTAssertTrue(router.navigationStack.count == 1)
    }

    func testShowItemDetail() {

        coordinator.start()
        let itemsList = router.navigationStack.first as? ItemsListController
        itemsList?.onItemSelect?(ItemList(title: "", subtitle: ""))
        XCTAssertTrue(router.navigationStack.last is ItemDetailController)
        XCTAssertTrue(router.navigationStack.count == 2)
        XCTAssertTrue(router.navigationStack.last?.hidesBottomBarWhenPushed == true)
    }

    func testStartWithADeepLink() {

        coordinator.start(with: .item("42"))
        XCTAssertTrue(router.navigationStack.count == 2)
        XCTAssertEqual((router.navigationStack.last as? ItemDetailController)?.item?.title, "42")
    }
}

class BaseCoordinatorTest: XCTestCase {

    var coordinator: BaseCoordinator!

    override func setUp() {
        super.setUp()

        coordinator = BaseCoordinator()
    }

    override func tearDown() {
        coordinator = nil
        super.tearDown()
    }

    func testCoordinatorArrayInitializedOfEmptyArray() {
        XCTAssertTrue(coordinator.childCoordinators.isEmpty)
    }

    func testCoordinatorAddDependency() {

        coordinator.addDependency(coordinator)
        XCTAssertTrue(coordinator.childCoordinators.first is BaseCoordinator)
        XCTAssertTrue(coordinator.childCoordinators.count == 1)
        coordinator.addDependency(coordinator)
        XCTAssertTrue(coordinator.childCoordinators.count == 1, "Only unique reference could be added")

        let newCoordinator = BaseCoordinator()
        coordinator.addDependency(newCoordinator)
        XCTAssertTrue(coordinator.childCoordinators.count == 2)
        coordinator.childCoordinators = []
    }

    func testCoordinatorRemoveDependency() {

        coordinator.addDependency(coordinator)
        XCTAssertTrue(coordinator.childCoordinators.first is BaseCoordinator)
        coordinator.removeDependency(coordinator)
        XCTAssertTrue(coordinator.childCoordinators.isEmpty)
        coordinator.removeDependency(coordinator)
        XCTAssertTrue(
            coordinator.childCoordinators.isEmpty, "If we try to remove removed referense, crush can't happend")
    }
}

/// Conductor's router in place of the seed's `RouterImp`, driven from the same nonisolated code.
class ConductorRouterTest: XCTestCase {

    func testAConductorRouterIsTheSeedsRouter() {
        // Conductor's routers are main-actor objects: the app creates them where it creates its windows.
        let headless = MainActor.assumeIsolated { HeadlessNavigationRouter(name: "main") }
        let router: Router = headless
        let coordinator = ItemCoordinator(router: router, factory: ModuleFactoryImp())

        coordinator.start(with: .item("7"))
        XCTAssertEqual(MainActor.assumeIsolated { headless.stack.count }, 2)
        XCTAssertTrue(MainActor.assumeIsolated { headless.hidesBottomBar })

        router.popModule()
        router.push(SettingsController(), animated: false)
        router.push(ItemDetailController(), animated: true, completion: nil)
        router.popToRootModule(animated: false)
        router.present(SettingsController())
        XCTAssertEqual(MainActor.assumeIsolated { headless.presented.count }, 1)
        router.dismissModule()

        XCTAssertEqual(MainActor.assumeIsolated { headless.stack.count }, 1)
        XCTAssertEqual(MainActor.assumeIsolated { headless.presented.count }, 0)
    }

    func testACallFromAnotherThreadIsMadeOnTheMainThreadInOrder() {
        let headless = MainActor.assumeIsolated { HeadlessNavigationRouter(name: "main") }
        let router: Router = headless
        let done = expectation(description: "pushed from another thread")
        Task.detached {
            router.setRootModule(ItemsListController())
            router.push(ItemDetailController(), animated: false)
            DispatchQueue.main.async { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
        let stack = MainActor.assumeIsolated { headless.stack.count }
        XCTAssertEqual(stack, 2)
    }

    func testALaunchNotificationBuildsTheDeepLinkTheApplicationCoordinatorStartsWith() throws {
        var links = DeepLinkMatcher<DeepLinkOption>()
        links.registerPayload(whereKey: "launch_id", equals: "item") { payload in .item(payload["item_id"]) }
        links.register("app://items/:id") { parameters in .item(try parameters.string("id")) }

        let router = RouterMockImp()
        let applicationCoordinator = ApplicationCoordinator(router: router, factory: ModuleFactoryImp())
        let notification: [String: AnyObject]? = ["launch_id": "item" as AnyObject, "item_id": "3" as AnyObject]
        let deepLink = links.build(with: notification)
        applicationCoordinator.start(with: deepLink)

        XCTAssertEqual(deepLink, .item("3"))
        XCTAssertTrue(router.navigationStack.count == 2)
        XCTAssertEqual(links.build(with: ["url": "app://items/9" as AnyObject]), .item("9"))
        XCTAssertNil(links.build(with: nil))
    }
}
