import ConductorActions
import ConductorCoordinators
import ConductorCoordinatorsCompat
import Testing

/// The seed ApplicationCoordinator's flows, driven headlessly.
@MainActor
struct SeedFlowTests {
    let router = HeadlessNavigationRouter(name: "main")
    let modules = ModuleFactory()
    let actionRouter = ActionRouter(name: "seed-flows")

    func makeApp(onboarded: Bool = true, authorized: Bool = true) -> ApplicationCoordinator {
        let app = ApplicationCoordinator(
            router: router,
            factory: CoordinatorFactory(modules: modules, actionRouter: actionRouter)
        )
        app.onboardingShown = onboarded
        app.isAuthorized = authorized
        return app
    }

    func screen<S: Screen>(_ type: S.Type) -> S? { modules.made.compactMap { $0 as? S }.last }

    @Test func startShowsTheList() throws {
        let app = makeApp()
        app.run()
        #expect(router.breadcrumb == "ItemsList")
    }

    @Test func selectingAnItemShowsItsDetail() throws {
        let app = makeApp()
        app.run()
        screen(ItemsListScreen.self)?.onItemSelect?(3)
        #expect(router.breadcrumb == "ItemsList › ItemDetail#3")
    }

    @Test func aShowItemActionFromAnyScreenNavigates() throws {
        let app = makeApp()
        app.run()
        try ShowItem(id: 7).send(to: actionRouter)
        #expect(router.breadcrumb == "ItemsList › ItemDetail#7")
    }

    @Test func theCreateFlowIsPresentedModallyAndDismissedWhenSaved() throws {
        let app = makeApp()
        app.run()
        screen(ItemsListScreen.self)?.onCreateButtonTap?()
        #expect(router.breadcrumb == "ItemsList [modal create: ItemCreate]")
        weak let creation = app.childCoordinators.first.flatMap { ($0 as? ItemsCoordinator)?.childCoordinators.first }
        #expect(creation != nil)
        screen(ItemCreateScreen.self)?.onCompleteCreateItem?(42)
        #expect(router.breadcrumb == "ItemsList › ItemDetail#42")
        #expect(router.presented.isEmpty)
        #expect(creation == nil)
    }

    @Test func cancellingTheCreateFlowDismissesIt() throws {
        let app = makeApp()
        app.run()
        screen(ItemsListScreen.self)?.onCreateButtonTap?()
        screen(ItemCreateScreen.self)?.onHideButtonTap?()
        #expect(router.breadcrumb == "ItemsList")
        #expect(router.events.map(\.description).suffix(2) == ["present create", "dismiss create"])
    }

    @Test func finishingAuthStartsTheMainFlow() throws {
        let app = makeApp(authorized: false)
        app.run()
        #expect(router.breadcrumb == "Login")
        weak let auth = app.childCoordinators.first as? AuthCoordinator
        screen(LoginScreen.self)?.onCompleteAuth?()
        #expect(router.breadcrumb == "ItemsList")
        #expect(auth == nil)
        #expect(app.childCoordinators.count == 1)
        #expect(app.childCoordinators.first is ItemsCoordinator)
    }

    @Test func confirmingTheTermsEnablesSignUp() throws {
        let app = makeApp(authorized: false)
        app.run()
        screen(LoginScreen.self)?.onSignUpButtonTap?()
        screen(SignUpScreen.self)?.onTermsButtonTap?()
        #expect(router.breadcrumb == "Login › SignUp › Terms")
        #expect(screen(SignUpScreen.self)?.isSignUpEnabled == false)
        screen(TermsScreen.self)?.onConfirm?(true)
        #expect(screen(SignUpScreen.self)?.isSignUpEnabled == true)
    }

    @Test func onboardingRunsFirstThenAuth() throws {
        let app = makeApp(onboarded: false, authorized: false)
        app.run()
        #expect(router.breadcrumb == "Onboarding")
        screen(OnboardingScreen.self)?.onFinish?()
        #expect(router.breadcrumb == "Login")
    }

    @Test func aDeepLinkIsHandedDownTheTree() throws {
        let app = makeApp()
        app.run()
        app.start(with: AppLink.item(id: 9))
        #expect(router.breadcrumb == "ItemsList › ItemDetail#9")
    }

    @Test func aDeepLinkAtLaunchStartsTheFlowThere() throws {
        let app = makeApp()
        app.run(with: AppLink.item(id: 5))
        #expect(router.breadcrumb == "ItemsList › ItemDetail#5")
    }

    @Test func aSignUpDeepLinkReplacesTheRunningFlowWithoutLeakingIt() throws {
        let app = makeApp()
        app.run()
        weak let items = app.childCoordinators.first as? ItemsCoordinator
        #expect(items != nil)
        app.start(with: AppLink.signUp)
        #expect(items == nil)
        #expect(router.breadcrumb == "Login › SignUp")
        #expect(!actionRouter.isRegistered(ShowItem.self))
    }
}
