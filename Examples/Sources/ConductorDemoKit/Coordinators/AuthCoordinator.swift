import Conductor

/// Login, sign-up and terms; finishes once the state has a user.
@MainActor
final class AuthCoordinator: FlowCoordinator<Void>, CommandSupplier {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    private weak var signUp: Screen?
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        super.init(actionRouter: nil)
        let store = factory.store
        suppliedCommands = [
            "Login": IntentCommand("Login", store: store, failure: \.failure) { [unowned self] _, _ in
                on(.login, "login <name>")
            } intent: { context in
                .logIn(try DemoText.name(context["user"]?.stringValue, usage: "login <name>"))
            },
            "Register": IntentCommand("Register", store: store, failure: \.failure) { [unowned self] _, _ in
                let validation = on(.signUp, "register <name>")
                return validation.state == .active && !termsAccepted ? .inactive(title: "register <name>") : validation
            } intent: { context in
                .logIn(try DemoText.name(context["user"]?.stringValue, usage: "register <name>"))
            },
            "SignUp": ClosureCommand("SignUp") { [unowned self] _ in
                on(.login, "signup")
            } perform: { [unowned self] _ in
                let screen = self.factory.modules.signUp()
                signUp = screen.screen
                try self.router.push(screen, animated: true, hidesBottomBar: false, onPop: nil)
            },
            "Terms": ClosureCommand("Terms") { [unowned self] _ in
                on(.signUp, "terms")
            } perform: { [unowned self] _ in
                try self.router.push(self.factory.modules.terms(), animated: true, hidesBottomBar: false, onPop: nil)
            },
            "Accept": ClosureCommand("Accept") { [unowned self] _ in
                on(.terms, "accept")
            } perform: { [unowned self] _ in
                signUp?.termsAccepted = true
                try self.router.pop(animated: true)
            },
            "Back": ClosureCommand("Back") { [unowned self] _ in
                self.router.canPop ? .active(title: "back") : .inactive(title: "back")
            } perform: { [unowned self] _ in
                try self.router.pop(animated: true)
            },
        ]
    }

    override func start() {
        factory.navigate { try router.setRoot(factory.modules.login(), hideBar: true) }
        observe(factory.store, \.session.user) { [unowned self] user in if user != nil { finish() } }
    }

    var termsAccepted: Bool { signUp?.termsAccepted ?? false }

    /// Active on `kind`'s screen, not applicable elsewhere.
    private func on(_ kind: ScreenKind, _ usage: String) -> CommandValidation {
        (router.topModule as? any ScreenModule)?.screen.kind == kind
            ? .active(title: usage) : .ineligible(reason: "not on this screen")
    }
}

extension AuthCoordinator: RestorableFlow {
    /// Where the auth flow is: the screens over the login, and whether the terms were accepted.
    struct Place: Codable, Equatable {
        var signingUp: Bool
        var readingTerms: Bool
        var termsAccepted: Bool
    }

    var place: Place {
        let kinds = router.stack.compactMap { ($0 as? any ScreenModule)?.screen.kind }
        return Place(
            signingUp: kinds.contains(.signUp), readingTerms: kinds.contains(.terms), termsAccepted: termsAccepted)
    }

    /// Pushes the saved screens over the login — from a fresh start, or from wherever time travel finds the flow.
    func restore(_ place: Place) throws {
        guard place != self.place else { return }
        router.popToRoot(animated: false)
        guard place.signingUp else { return }
        let screen = factory.modules.signUp()
        signUp = screen.screen
        screen.screen.termsAccepted = place.termsAccepted
        try router.push(screen, animated: false, hidesBottomBar: false, onPop: nil)
        if place.readingTerms {
            try router.push(factory.modules.terms(), animated: false, hidesBottomBar: false, onPop: nil)
        }
    }
}
