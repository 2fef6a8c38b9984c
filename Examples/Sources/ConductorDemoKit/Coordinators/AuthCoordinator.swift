import Conductor

/// Where the auth flow can go.
public enum AuthDestination: Codable, Hashable, Sendable {
    /// The login screen: the stack's root.
    case login
    /// The sign-up screen, and whether the terms were accepted on it.
    case signUp(termsAccepted: Bool)
    /// The terms, over the sign-up screen.
    case terms
}

/// Login, sign-up and terms, on a stack of their own that fills the window; finishes once the state has a user.
@MainActor
final class AuthCoordinator: FlowCoordinator<Void>, NavigatingFlow, CommandSupplier {
    let navigation: Navigation<AuthDestination>
    let factory: CoordinatorFactory
    let window: any NavigationRouter
    private(set) var suppliedCommands: [String: any Command] = [:]
    var router: any NavigationRouter { navigation.router }

    init(window: any NavigationRouter, factory: CoordinatorFactory) {
        self.navigation = Navigation(router: factory.routers.makeRouter(name: "auth"))
        self.factory = factory
        self.window = window
        super.init(actionRouter: nil)
        let store = factory.store
        suppliedCommands = [
            "Login": IntentCommand("Login", store: store, failure: \.failure) { [weak self] _, _ in
                self?.on(.login, "login <name>") ?? .ineligible(reason: "signed in")
            } intent: { context in
                .logIn(try DemoText.name(context["user"]?.stringValue, usage: "login <name>"))
            },
            "Register": IntentCommand("Register", store: store, failure: \.failure) { [weak self] _, _ in
                guard let self else { return .ineligible(reason: "signed in") }
                let validation = on(.signUp(termsAccepted: termsAccepted), "register <name>")
                return validation.state == .active && !termsAccepted ? .inactive(title: "register <name>") : validation
            } intent: { context in
                .logIn(try DemoText.name(context["user"]?.stringValue, usage: "register <name>"))
            },
            "SignUp": ClosureCommand("SignUp") { [weak self] _ in
                self?.on(.login, "signup") ?? .ineligible(reason: "signed in")
            } perform: { [weak self] _ in
                try self?.push(.signUp(termsAccepted: false))
            },
            "Terms": ClosureCommand("Terms") { [weak self] _ in
                guard let self else { return .ineligible(reason: "signed in") }
                return on(.signUp(termsAccepted: termsAccepted), "terms")
            } perform: { [weak self] _ in
                try self?.push(.terms)
            },
            "Accept": ClosureCommand("Accept") { [weak self] _ in
                self?.on(.terms, "accept") ?? .ineligible(reason: "signed in")
            } perform: { [weak self] _ in
                // The sign-up screen below becomes one with the terms accepted: an edit of the navigation's value.
                try self?.navigate(to: NavigationState(stack: [.login, .signUp(termsAccepted: true)]), animated: true)
            },
            "Back": ClosureCommand("Back") { [weak self] _ in
                self?.router.canPop == true ? .active(title: "back") : .inactive(title: "back")
            } perform: { [weak self] _ in
                try self?.pop()
            },
        ]
    }

    func content(for destination: AuthDestination) throws -> NavigationContent {
        switch destination {
        case .login: return .screen(factory.modules.login())
        case .signUp(let accepted):
            let screen = factory.modules.signUp()
            screen.screen.termsAccepted = accepted
            return .screen(screen)
        case .terms: return .screen(factory.modules.terms())
        }
    }

    override func start() {
        factory.navigate {
            try window.setRoot(router, hideBar: false)
            try setRoot(.login, hideBar: true)
        }
        observe(factory.store, \.session.user) { [weak self] user in if user != nil { self?.finish() } }
    }

    /// Whether the terms were accepted on the sign-up screen.
    var termsAccepted: Bool { navigationState.stack.contains(.signUp(termsAccepted: true)) }

    /// Active on `destination`'s screen, not applicable elsewhere.
    private func on(_ destination: AuthDestination, _ usage: String) -> CommandValidation {
        navigationState.top == destination && navigationState.stack.count == router.stack.count
            ? .active(title: usage) : .ineligible(reason: "not on this screen")
    }
}
