import ConductorCoordinatorsCompat
import Testing

// ApplicationCoordinator's README, importing only ConductorCoordinatorsCompat. Its `Coordinator` protocol and
// `BaseCoordinator` (childCoordinators, addDependency, removeDependency) are Conductor's; `RouterImp` (UIKit) is a
// headless router here; `DeepLinkOption.build(with:)` is `DeepLinkMatcher.build(with:)`.

enum DeepLinkOption: DeepLink, Equatable {
    case onboarding
    case item(String)
}

@MainActor
final class Screen: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

@MainActor
final class ItemCoordinator: BaseCoordinator {
    let router: Router
    init(router: Router) {
        self.router = router
        super.init(actionRouter: nil)
    }
    override func start() { router.setRootModule(Screen("ItemsList"), hideBar: false) }
    override func start(with option: (any DeepLink)?) {
        guard case DeepLinkOption.item(let id)? = option else { return start() }
        start()
        router.push(Screen("Item \(id)"))
    }
}

@MainActor
final class ApplicationCoordinator: BaseCoordinator {
    let router: Router
    init(router: Router) {
        self.router = router
        super.init(actionRouter: nil)
    }

    override func start(with option: (any DeepLink)?) {
        let coordinator = ItemCoordinator(router: router)
        addDependency(coordinator)
        coordinator.start(with: option)
    }
}

@MainActor
struct ApplicationCoordinatorReadmeTests {
    let router = HeadlessNavigationRouter(name: "main")

    func makeLinks() throws -> DeepLinkMatcher<DeepLinkOption> {
        var links = DeepLinkMatcher<DeepLinkOption>()
        links.registerPayload(whereKey: "launch_id", equals: "onboarding") { _ in .onboarding }
        links.register("app://items/:id") { p in .item(try p.string("id")) }
        return links
    }

    @Test func aLaunchNotificationBecomesADeepLinkTheCoordinatorsStartWith() throws {
        let notification: [String: AnyObject]? = ["url": "app://items/42" as AnyObject]
        let deepLink = try makeLinks().build(with: notification)
        let applicationCoordinator = ApplicationCoordinator(router: router)
        applicationCoordinator.start(with: deepLink)
        #expect(router.description == "main: ItemsList › Item 42")
        #expect(applicationCoordinator.childCoordinators.count == 1)
    }

    @Test func noNotificationOrNoLinkInItBuildsNil() throws {
        let links = try makeLinks()
        #expect(links.build(with: nil) == nil)
        #expect(links.build(with: ["aps": "hello" as AnyObject]) == nil)
        #expect(links.build(with: ["launch_id": "onboarding" as AnyObject]) == .onboarding)
        #expect(links.build(with: ["url": "app://items/%FF" as AnyObject]) == nil)
        let userInfo: [String: Any] = ["launch_id": "onboarding", "badge": 3]
        #expect(links.build(with: userInfo) == .onboarding)
    }

    @Test func addDependencyKeepsUniqueChildrenAndRemoveDependencyRemovesThem() {
        let parent = BaseCoordinator(actionRouter: nil)
        let child = ItemCoordinator(router: router)
        parent.addDependency(child)
        parent.addDependency(child)
        #expect(parent.childCoordinators.count == 1)
        parent.removeDependency(child)
        parent.removeDependency(nil)
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func aChildOfAnotherParentIsNotAddedWithTheSeedsName() {
        let other = BaseCoordinator(actionRouter: nil)
        let parent = BaseCoordinator(actionRouter: nil)
        let child = ItemCoordinator(router: router)
        other.addDependency(child)
        withKnownIssue {
            parent.addDependency(child)
        } matching: {
            $0.description.contains("already belongs to 'BaseCoordinator'")
        }
        #expect(parent.childCoordinators.isEmpty)
        #expect(other.childCoordinators.count == 1)
    }
}

/// The Router's seed names, over Conductor's throwing API.
@MainActor
struct RouterTests {
    let router = HeadlessNavigationRouter(name: "main")

    @Test func theSeedsNamesWorkAndReportErrorsInsteadOfThrowing() {
        var errors: [NavigationError] = []
        router.onError = { errors.append($0) }
        var completions = 0
        router.setRootModule(Screen("Root"))
        router.push(Screen("B"), animated: true, hideBottomBar: true) { completions += 1 }
        router.push(Screen("C"), animated: false)
        router.popModule(animated: true)
        router.popToRootModule(animated: true)
        router.present(Screen("Modal"), animated: true)
        router.dismissModule(animated: true, completion: { completions += 1 })
        router.popModule()
        router.dismissModule()
        router.push(nil)
        #expect(completions == 2)
        #expect(
            errors == [
                .nothingToPop(router: "main"), .nothingPresented(router: "main"), .nothingToShow(operation: "push"),
            ])
    }

    /// The seed-named methods cannot throw: their errors once went to a `nil` handler by default and were lost.
    @Test func theSeedNamedMethodsReportErrorsByDefault() {
        #expect(router.onError != nil)
        var errors: [NavigationError] = []
        router.onError = { errors.append($0) }
        router.popModule()
        #expect(errors == [.nothingToPop(router: "main")])
    }
}

// The README's creation flow: a module made on the main actor, its output closure capturing the coordinator, presented
// through `Router` — Swift 6 mode.
@MainActor
final class ItemCreateScreen: Presentable {
    var onCompleteCreateItem: ((String) -> Void)?
}

@MainActor
final class CreationFlowCoordinator: BaseCoordinator {
    let router: Router
    private(set) var created: [String] = []
    init(router: Router) {
        self.router = router
        super.init(actionRouter: nil)
    }

    func runCreationFlow() -> ItemCreateScreen {
        let module = ItemCreateScreen()
        module.onCompleteCreateItem = { [weak self] item in
            self?.created.append(item)
            self?.router.dismissModule()
        }
        router.present(module)
        return module
    }
}

/// The README's factory of a creation flow: the flow, and what to present for it.
@MainActor
struct CreationFactory {
    func makeItemCreationCoordinatorBox(router: Router) -> (
        configurator: CreationFlowCoordinator, toPresent: (any Presentable)?
    ) {
        let flow = CreationFlowCoordinator(router: router)
        return (flow, Screen("ItemCreate"))
    }
}

@MainActor
final class ItemsListCoordinator: BaseCoordinator {
    let router: Router
    let factory = CreationFactory()
    init(router: Router) {
        self.router = router
        super.init(actionRouter: nil)
    }

    func runCreationFlow() {
        let (coordinator, module) = factory.makeItemCreationCoordinatorBox(router: router)
        addDependency(coordinator)
        router.present(module)
        coordinator.start()
    }
}

@MainActor
struct CreationFlowReadmeTests {
    @Test func theReadmesCreationBoxIsPresentedThroughRouter() throws {
        let router = HeadlessNavigationRouter(name: "main")
        router.setRootModule(Screen("ItemsList"))
        let items = ItemsListCoordinator(router: router)
        items.runCreationFlow()
        #expect(router.presented.first?.moduleName == "ItemCreate")
        #expect(items.childCoordinators.count == 1)
    }

    @Test func aModuleMadeOnTheMainActorIsPresentedThroughRouter() throws {
        let router = HeadlessNavigationRouter(name: "main")
        router.setRootModule(Screen("ItemsList"))
        let flow = CreationFlowCoordinator(router: router)
        let module = flow.runCreationFlow()
        #expect(router.presented.first === module)
        module.onCompleteCreateItem?("Milk")
        #expect(flow.created == ["Milk"])
        #expect(router.presented.isEmpty)
    }
}
