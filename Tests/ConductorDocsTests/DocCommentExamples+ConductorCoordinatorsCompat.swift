// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorCoordinatorsCompat's doc comments (ApplicationCoordinator's names), compiled and run.
// Like a migrating user's file, this one imports only the compatibility module.
import ConductorCoordinatorsCompat
import Testing

private final class Screen: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

private enum AppLink: DeepLink, Equatable { case item(Int) }

/// UIKit's launch option key, which the app delegate reads the launch notification with.
private enum LaunchOptionsKey: Hashable { case remoteNotification }

/// The app's root, as the seed's ApplicationCoordinator routes links: by overriding `start(with:)`.
private final class ApplicationCoordinator: BaseCoordinator {
    var startedWith: [AppLink?] = []
    override func start(with deepLink: (any DeepLink)?) { startedWith.append(deepLink as? AppLink) }
}

/// Router+MainActorCompletions.swift: a coordinator that pushes a detail flow's screen and drops the flow when it
/// leaves.
private final class ItemsCoordinator: BaseCoordinator {
    let router: any Router
    init(router: any Router) {
        self.router = router
        super.init(actionRouter: nil)
    }

    func showDetail(of detailFlow: BaseCoordinator) {
        let detail = Screen("Detail")
        addDependency(detailFlow)
        router.push(detail, animated: true) { self.removeDependency(detailFlow) }
    }
}

@MainActor
@Suite struct ConductorCoordinatorsCompatDocCommentTests {
    @Test func theLaunchNotificationsLinkStartsTheApplication() {
        var links = DeepLinkMatcher<AppLink>()
        links.register("myapp://items/:id") { p in .item(try p.int("id")) }
        let launchOptions: [LaunchOptionsKey: Any]? = [.remoteNotification: ["url": "myapp://items/3" as AnyObject]]
        let applicationCoordinator = ApplicationCoordinator(actionRouter: nil)

        let notification = launchOptions?[.remoteNotification] as? [String: AnyObject]
        let deepLink = links.build(with: notification)
        applicationCoordinator.start(with: deepLink)

        #expect(applicationCoordinator.startedWith == [.item(3)])
    }

    @Test func theSeedsCallsChangeTheStack() {
        let router: any Router = HeadlessNavigationRouter(name: "main")
        let itemsList = Screen("Items")
        let itemDetail = Screen("Item")

        router.setRootModule(itemsList, hideBar: false)
        router.push(itemDetail, hideBottomBar: true)
        router.popModule()

        #expect((router as? HeadlessNavigationRouter)?.stack.map(\.moduleName) == ["Items"])
    }

    @Test func aPushCompletionTouchesTheCoordinatorWhenTheScreenLeaves() {
        let router = HeadlessNavigationRouter(name: "main")
        router.setRootModule(Screen("Items"))
        let items = ItemsCoordinator(router: router)
        let detailFlow = BaseCoordinator(actionRouter: nil)
        items.showDetail(of: detailFlow)
        #expect(items.childCoordinators.count == 1)
        router.popModule(animated: false)
        #expect(items.childCoordinators.isEmpty)
    }
}
