import ConductorActions
import ConductorCoordinators
import Testing

@MainActor
struct BaseCoordinatorDeepLinksTests {
    enum Link: DeepLink, Equatable {
        case note(Int)
        case settings
    }

    final class NotesFlow: FlowCoordinator<Void> {
        var opened: [Int] = []
        override func handle(deepLink: any DeepLink) -> Bool {
            guard case Link.note(let id) = deepLink else { return false }
            opened.append(id)
            return true
        }
    }

    func links() throws -> DeepLinkMatcher<Link> {
        var links = DeepLinkMatcher<Link>()
        links.register("app://notes/:id") { p in .note(try p.int("id")) }
        links.register("app://settings") { _ in .settings }
        links.registerPayload(whereKey: "type", equals: "note") { p in .note(Int(p["id"] ?? "") ?? 0) }
        return links
    }

    @Test func aURLResolvesToATypedLinkTakenByTheFlowThatMatches() throws {
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow(actionRouter: nil)
        root.startChild(notes)
        try root.open("app://notes/3", with: links())
        #expect(notes.opened == [3])
    }

    @Test func everyObserverUpTheTreeHearsLinksTakenAndRefused() throws {
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow(actionRouter: nil)
        root.startChild(notes)
        var heard: [String] = []
        var analytics = 0
        root.addDeepLinkObserver(owner: root) { heard.append("\($0.link ?? "-") \($0.error?.code.name ?? "taken")") }
        notes.addDeepLinkObserver(owner: notes) { _ in analytics += 1 }
        try notes.open("app://notes/4", with: links())
        #expect(throws: DeepLinkError.self) { try notes.open("app://settings", with: links()) }
        #expect(throws: DeepLinkError.self) { try notes.open("app://nowhere", with: links()) }
        #expect(heard == ["note(4) taken", "settings notHandled", "- noMatch"])
        #expect(analytics == 3)
        root.removeDeepLinkObservers(of: root)
        try notes.open("app://notes/5", with: links())
        #expect(heard.count == 3 && analytics == 4)
    }

    @Test func aLinkNoFlowTakesIsATypedError() throws {
        let root = BaseCoordinator(actionRouter: nil)
        root.startChild(NotesFlow(actionRouter: nil))
        #expect(throws: DeepLinkError.notHandled(link: "settings", coordinator: "BaseCoordinator")) {
            try root.open("app://settings", with: links())
        }
    }

    @Test func notificationPayloadsTakeTheSamePath() throws {
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow(actionRouter: nil)
        root.startChild(notes)
        let userInfo: [AnyHashable: Any] = ["type": "note", "id": 4, "aps": ["alert": "hi"]]
        try root.open(userInfo: userInfo, with: links())
        try root.open(userInfo: ["url": "app://notes/5"], with: links())
        #expect(notes.opened == [4, 5])
        #expect(throws: DeepLinkError.self) { try root.open(userInfo: ["other": 1], with: links()) }
    }

    struct ShowReviews: Action {}

    /// A reviews flow that handles `ShowReviews` while it runs.
    final class ReviewsFlow: FlowCoordinator<Void> {
        var shown = 0
        init(router: ActionRouter) throws {
            super.init(actionRouter: router)
            try dispatcher.register(ShowReviews.self) { [weak self] _ in self?.shown += 1 }
        }
    }

    /// A flow whose link replaces its running reviews flow with a new one.
    final class ShopFlow: FlowCoordinator<Void> {
        let actions: ActionRouter
        var reviews: ReviewsFlow?
        var error: (any Error)?
        init(actions: ActionRouter) {
            self.actions = actions
            super.init(actionRouter: nil)
        }
        func showReviews() {
            reviews?.finish()
            do {
                let flow = try ReviewsFlow(router: actions)
                reviews = flow
                startChild(flow)
            } catch { self.error = error }
        }
        override func handle(deepLink: any DeepLink) -> Bool {
            guard case Link.settings = deepLink else { return false }
            showReviews()
            return true
        }
    }

    @Test func aFlowALinkReplacesGivesUpItsRoutesBeforeTheNewOneRegisters() throws {
        let actions = ActionRouter(name: "shop")
        let root = BaseCoordinator(actionRouter: nil)
        let shop = ShopFlow(actions: actions)
        root.startChild(shop)
        shop.showReviews()
        let first = try #require(shop.reviews)

        // The offer walks the tree holding the first reviews flow while the link replaces it.
        try root.open(Link.settings)

        #expect(shop.error == nil)
        let second = try #require(shop.reviews)
        #expect(second !== first)
        try ShowReviews().send(to: actions)
        #expect(second.shown == 1)
        #expect(first.shown == 0)
    }

    @Test func anEndedFlowsRoutesLeaveWhateverStillHoldsIt() throws {
        let actions = ActionRouter(name: "shop")
        let root = BaseCoordinator(actionRouter: nil)
        let reviews = try ReviewsFlow(router: actions)
        root.startChild(reviews)
        reviews.finish()

        #expect(throws: ActionError.self) { try ShowReviews().send(to: actions) }
        #expect(reviews.shown == 0)
    }
}
