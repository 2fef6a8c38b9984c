import ConductorActions
import ConductorCoordinators
import ConductorCoordinatorsCompat

// The seed ApplicationCoordinator's sample app, headless: six screens, five coordinators, factories, deep links.

enum AppLink: DeepLink, Equatable {
    case onboarding
    case signUp
    case item(id: Int)
    case settings
}

struct ShowItem: Action { let id: Int }

/// A screen: a named module with the seed's callback properties.
@MainActor
class Screen: Presentable {
    let name: String
    init(_ name: String) { self.name = name }
    var moduleName: String { name }
}

@MainActor final class ItemsListScreen: Screen {
    var onItemSelect: ((Int) -> Void)?
    var onCreateButtonTap: (() -> Void)?
    init() { super.init("ItemsList") }
}

@MainActor final class ItemDetailScreen: Screen {
    let id: Int
    init(id: Int) {
        self.id = id
        super.init("ItemDetail#\(id)")
    }
}

@MainActor final class ItemCreateScreen: Screen {
    var onCompleteCreateItem: ((Int) -> Void)?
    var onHideButtonTap: (() -> Void)?
    init() { super.init("ItemCreate") }
}

@MainActor final class LoginScreen: Screen {
    var onCompleteAuth: (() -> Void)?
    var onSignUpButtonTap: (() -> Void)?
    init() { super.init("Login") }
}

@MainActor final class SignUpScreen: Screen {
    var onSignUpComplete: (() -> Void)?
    var onTermsButtonTap: (() -> Void)?
    var isSignUpEnabled = false
    init() { super.init("SignUp") }
}

@MainActor final class TermsScreen: Screen {
    var confirmed = false
    var onConfirm: ((Bool) -> Void)?
    init() { super.init("Terms") }
}

@MainActor final class OnboardingScreen: Screen {
    var onFinish: (() -> Void)?
    init() { super.init("Onboarding") }
}

/// Makes the screens; tests may swap it.
@MainActor
final class ModuleFactory {
    private(set) var made: [Screen] = []
    private func keep<S: Screen>(_ screen: S) -> S {
        made.append(screen)
        return screen
    }
    func makeItemsList() -> ItemsListScreen { keep(ItemsListScreen()) }
    func makeItemDetail(id: Int) -> ItemDetailScreen { keep(ItemDetailScreen(id: id)) }
    func makeItemCreate() -> ItemCreateScreen { keep(ItemCreateScreen()) }
    func makeLogin() -> LoginScreen { keep(LoginScreen()) }
    func makeSignUp() -> SignUpScreen { keep(SignUpScreen()) }
    func makeTerms() -> TermsScreen { keep(TermsScreen()) }
    func makeOnboarding() -> OnboardingScreen { keep(OnboardingScreen()) }
}

/// Makes the coordinators, as the seed's CoordinatorFactory.
@MainActor
final class CoordinatorFactory {
    let modules: ModuleFactory
    let actionRouter: ActionRouter
    init(modules: ModuleFactory, actionRouter: ActionRouter) {
        self.modules = modules
        self.actionRouter = actionRouter
    }
    func makeAuth(router: any NavigationRouter) -> AuthCoordinator {
        AuthCoordinator(router: router, modules: modules, actionRouter: actionRouter)
    }
    func makeItems(router: any NavigationRouter) -> ItemsCoordinator {
        ItemsCoordinator(router: router, factory: self)
    }
    func makeItemCreate() -> (coordinator: ItemCreateCoordinator, toPresent: HeadlessNavigationRouter) {
        let router = HeadlessNavigationRouter(name: "create")
        return (ItemCreateCoordinator(router: router, modules: modules, actionRouter: actionRouter), router)
    }
    func makeOnboarding(router: any NavigationRouter) -> OnboardingCoordinator {
        OnboardingCoordinator(router: router, modules: modules, actionRouter: actionRouter)
    }
}

@MainActor
final class ApplicationCoordinator: BaseCoordinator {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    var isAuthorized = false
    var onboardingShown = false

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: factory.actionRouter)
    }

    override func start() { start(with: nil) }

    override func start(with deepLink: (any DeepLink)?) {
        switch deepLink as? AppLink {
        case .onboarding?: runOnboardingFlow()
        case .signUp?: runAuthFlow(with: deepLink)
        case let link?:
            if !isAuthorized { return runAuthFlow(with: nil) }
            if childCoordinators.isEmpty { runMainFlow(with: link) } else { offer(link) }
        case nil:
            if !onboardingShown {
                runOnboardingFlow()
            } else if !isAuthorized {
                runAuthFlow(with: nil)
            } else {
                runMainFlow(with: nil)
            }
        }
    }

    private func runOnboardingFlow() {
        let coordinator = factory.makeOnboarding(router: router)
        startChild(coordinator) { [unowned self] in
            onboardingShown = true
            start()
        }
    }

    private func runAuthFlow(with deepLink: (any DeepLink)?) {
        removeAllChildren()
        let coordinator = factory.makeAuth(router: router)
        startChild(coordinator, with: deepLink) { [unowned self] in
            isAuthorized = true
            start()
        }
    }

    private func runMainFlow(with deepLink: (any DeepLink)?) {
        removeAllChildren()
        startChild(factory.makeItems(router: router), with: deepLink)
    }
}

@MainActor
final class OnboardingCoordinator: FlowCoordinator<Void> {
    let router: any NavigationRouter
    let modules: ModuleFactory
    init(router: any NavigationRouter, modules: ModuleFactory, actionRouter: ActionRouter) {
        self.router = router
        self.modules = modules
        super.init(actionRouter: actionRouter)
    }
    override func start() {
        let screen = modules.makeOnboarding()
        screen.onFinish = { [unowned self] in finish() }
        router.setRootModule(screen)
    }
}

@MainActor
final class AuthCoordinator: FlowCoordinator<Void> {
    let router: any NavigationRouter
    let modules: ModuleFactory
    private weak var signUp: SignUpScreen?

    init(router: any NavigationRouter, modules: ModuleFactory, actionRouter: ActionRouter) {
        self.router = router
        self.modules = modules
        super.init(actionRouter: actionRouter)
    }

    override func start() { showLogin() }

    override func handle(deepLink: any DeepLink) -> Bool {
        guard deepLink as? AppLink == .signUp else { return false }
        showLogin()
        showSignUp()
        return true
    }

    private func showLogin() {
        let login = modules.makeLogin()
        login.onCompleteAuth = { [unowned self] in finish() }
        login.onSignUpButtonTap = { [unowned self] in showSignUp() }
        router.setRootModule(login, hideBar: true)
    }

    private func showSignUp() {
        let screen = modules.makeSignUp()
        screen.onSignUpComplete = { [unowned self] in finish() }
        screen.onTermsButtonTap = { [unowned self] in showTerms() }
        signUp = screen
        router.push(screen)
    }

    private func showTerms() {
        let terms = modules.makeTerms()
        terms.onConfirm = { [weak self] confirmed in self?.signUp?.isSignUpEnabled = confirmed }
        router.push(terms)
    }
}

@MainActor
final class ItemsCoordinator: FlowCoordinator<Void> {
    let router: any NavigationRouter
    let factory: CoordinatorFactory

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: factory.actionRouter)
        try? dispatcher.register(ShowItem.self) { [unowned self] action in showDetail(action.id) }
    }

    override func start() { showList() }

    override func handle(deepLink: any DeepLink) -> Bool {
        guard case .item(let id)? = deepLink as? AppLink else { return false }
        if router.stack.isEmpty { showList() }
        showDetail(id)
        return true
    }

    private func showList() {
        let list = factory.modules.makeItemsList()
        list.onItemSelect = { [unowned self] id in showDetail(id) }
        list.onCreateButtonTap = { [unowned self] in runCreationFlow() }
        router.setRootModule(list, hideBar: false)
    }

    private func showDetail(_ id: Int) {
        router.push(factory.modules.makeItemDetail(id: id))
    }

    private func runCreationFlow() {
        let (coordinator, modal) = factory.makeItemCreate()
        startChild(coordinator) { [unowned self] created in
            router.dismissModule()
            if let created { showDetail(created) }
        }
        router.present(modal)
    }
}

@MainActor
final class ItemCreateCoordinator: FlowCoordinator<Int?> {
    let router: any NavigationRouter
    let modules: ModuleFactory
    init(router: any NavigationRouter, modules: ModuleFactory, actionRouter: ActionRouter) {
        self.router = router
        self.modules = modules
        super.init(actionRouter: actionRouter)
    }
    override func start() {
        let screen = modules.makeItemCreate()
        screen.onCompleteCreateItem = { [unowned self] id in finish(with: id) }
        screen.onHideButtonTap = { [unowned self] in finish(with: nil) }
        router.setRootModule(screen)
    }
}
