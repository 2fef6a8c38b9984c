import Conductor

/// Shows an item's detail; sent by the `open` command and by deep links.
public struct ShowItem: Action { public let id: Int64 }

/// Switches the main tab; sent by the `tab` command and by deep links.
public struct ShowTab: Action { public let name: String }

/// Why an action could not navigate.
enum NavigationProblem: Error, CustomStringConvertible {
    case noSuchItem(Int64)
    case noSuchTab(String)
    var description: String {
        switch self {
        case .noSuchItem(let id): "There is no item #\(id). 'tab items' lists them."
        case .noSuchTab(let name): "There is no tab '\(name)'; the tabs are 'items' and 'settings'."
        }
    }
}

/// Makes the coordinators, as the seed's CoordinatorFactory.
@MainActor
struct CoordinatorFactory {
    let store: Store<AppState, AppIntent, AppEffect>
    let modules: ModuleFactory
    let actions: ActionRouter

    func onboarding(router: any NavigationRouter) -> OnboardingCoordinator {
        OnboardingCoordinator(router: router, factory: self)
    }
    func auth(router: any NavigationRouter) -> AuthCoordinator { AuthCoordinator(router: router, factory: self) }
    func main(router: any NavigationRouter) -> MainCoordinator { MainCoordinator(router: router, factory: self) }
    func itemCreate() -> (ItemCreateCoordinator, HeadlessNavigationRouter) {
        let router = HeadlessNavigationRouter(name: "create")
        return (ItemCreateCoordinator(router: router, factory: self), router)
    }
}

/// The root: onboarding on first run, then auth, then the main tabs; back to auth on logout.
@MainActor
final class AppCoordinator: BaseCoordinator {
    let router: any NavigationRouter
    let factory: CoordinatorFactory

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: factory.actions)
    }

    override func start() {
        removeAllChildren()
        let state = factory.store.state
        if !state.onboardingShown {
            try? startChild(factory.onboarding(router: router)) { [unowned self] in start() }
        } else if state.user == nil {
            try? startChild(factory.auth(router: router)) { [unowned self] in start() }
        } else {
            try? startChild(factory.main(router: router)) { [unowned self] in start() }
        }
    }

    /// The main flow, if it is running.
    var main: MainCoordinator? { childCoordinators.first as? MainCoordinator }
}

@MainActor
final class OnboardingCoordinator: FlowCoordinator<Void> {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: nil)
    }
    override func start() { router.setRootModule(factory.modules.onboarding(), hideBar: true) }
    func next() {
        factory.store.send(.finishOnboarding)
        finish()
    }
}

@MainActor
final class AuthCoordinator: FlowCoordinator<Void> {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    private weak var signUp: Screen?

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: nil)
    }

    override func start() { router.setRootModule(factory.modules.login(), hideBar: true) }

    func logIn(_ user: String) {
        factory.store.send(.logIn(user))
        finish()
    }

    func showSignUp() {
        let screen = factory.modules.signUp()
        signUp = screen
        router.push(screen)
    }

    func showTerms() { router.push(factory.modules.terms()) }

    func acceptTerms() {
        signUp?.termsAccepted = true
        router.popModule()
    }

    var termsAccepted: Bool { signUp?.termsAccepted ?? false }
}

/// The main tabs, Items and Settings; finishes on logout.
@MainActor
final class MainCoordinator: FlowCoordinator<Void> {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    private(set) var tab = "items"

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: factory.actions)
        try? actions.register(ShowItem.self) { [unowned self] action in try showItem(action.id) }
        try? actions.register(ShowTab.self) { [unowned self] action in try show(tab: action.name) }
    }

    override func start() { try? show(tab: "items") }

    func show(tab name: String) throws {
        switch name.lowercased() {
        case "items":
            tab = "items"
            router.setRootModule(factory.modules.itemsList(), hideBar: false)
        case "settings":
            tab = "settings"
            router.setRootModule(factory.modules.settings(), hideBar: false)
        default:
            throw NavigationProblem.noSuchTab(name)
        }
        if !router.presented.isEmpty { router.dismissModule() }
        removeAllChildren()
    }

    func showItem(_ id: Int64) throws {
        guard let item = factory.store.state.item(id) else { throw NavigationProblem.noSuchItem(id) }
        if tab != "items" || !router.presented.isEmpty { try show(tab: "items") }
        router.popToRootModule(animated: false)
        router.push(factory.modules.itemDetail(item))
    }

    func runCreation() {
        let (coordinator, modal) = factory.itemCreate()
        try? startChild(coordinator) { [unowned self] item in
            router.dismissModule()
            if let item { try? showItem(item.id) }
        }
        router.present(modal)
    }

    /// The running creation flow, if any.
    var creation: ItemCreateCoordinator? { childCoordinators.first as? ItemCreateCoordinator }

    func logOut() {
        factory.store.send(.logOut)
        finish()
    }
}

/// The create-item flow, presented modally; finishes with the saved item, or `nil` when cancelled.
@MainActor
final class ItemCreateCoordinator: FlowCoordinator<Item?> {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: nil)
    }
    override func start() { router.setRootModule(factory.modules.itemCreate()) }
    func cancel() { finish(with: nil) }
    func saved(_ item: Item) { finish(with: item) }
}
