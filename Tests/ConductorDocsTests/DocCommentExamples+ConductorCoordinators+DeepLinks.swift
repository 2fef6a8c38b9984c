// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorCoordinators' doc comments about deep links, compiled and run, headless. The examples
// spell their links two ways — `.item(3)` and `.item(id: 3)` — so each kind has a namespace of its own.
import ConductorCoordinators
import ConductorStore
import Testing

private final class Screen: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

/// Links whose item is `.item(3)`.
private enum AppLink: DeepLink, Equatable {
    case items
    case item(Int)
    case settings
}

/// A flow that takes `.item` links and shows them.
private final class ItemsFlow: FlowCoordinator<Void> {
    var shown: [Int] = []
    init() { super.init(actionRouter: nil) }
    override func handle(deepLink: any DeepLink) -> Bool {
        guard case AppLink.item(let id) = deepLink else { return false }
        shown.append(id)
        return true
    }
}

/// The app: a tab for items and one for settings.
private final class App: TabCoordinator<Void> {
    let items = ItemsFlow()
    init() { super.init(tabs: TabRouter(name: "main", tabs: ["items", "settings"]), actionRouter: nil) }
    override func start() {
        startTab("items", items)
        startTab("settings", FlowCoordinator<Void>(actionRouter: nil))
    }
}

@MainActor private func appLinks() -> DeepLinkMatcher<AppLink> {
    var links = DeepLinkMatcher<AppLink>()
    links.register("conductor-demo://items/:id") { p in .item(try p.int("id")) }
    links.register("myapp://items/:id") { p in .item(try p.int("id")) }
    return links
}

// MARK: DeepLinkMatcher.swift

/// DeepLinkMatcher.swift's first example, as a playground: it ends with a URL that does not resolve.
private enum MatcherExample {
    enum AppLink: DeepLink, Equatable {
        case items
        case item(id: Int)
        case help(topic: String)
    }

    @DocCommentPlayground
    static func playground() throws -> [Any] {
        var links = DeepLinkMatcher<AppLink>()
        links.register("conductor-demo://items") { _ in .items }
        links.register("conductor-demo://items/:id") { p in .item(id: try p.int("id")) }
        links.register("conductor-demo://help/*", priority: -1) { p in .help(topic: p.rest.joined(separator: "/")) }

        let link = try links.resolve("conductor-demo://items/3")       // .item(id: 3)
        try links.resolve("conductor-demo://items/abc")                // throws: "abc" is not an Int

        link   // not reached: the line before throws
    }

    /// DeepLinkParameters.swift: a parameter read typed.
    static func parameters() throws -> AppLink {
        var links = DeepLinkMatcher<AppLink>()
        links.register("conductor-demo://items/:id") { parameters in
            AppLink.item(id: try parameters.int("id"))
        }
        return try links.resolve("conductor-demo://items/7")
    }
}

/// DeepLinkMatcher.swift (`register(_:priority:_:parameters:)`), as a playground: a pattern that also prints.
@DocCommentPlayground
private func printingPlayground() -> [Any] {
    var links = DeepLinkMatcher<AppLink>()
    links.register("myapp://items/:id") { p in .item(try p.int("id")) } parameters: { link in
        if case .item(let id) = link { ["id": "\(id)"] } else { nil }
    }
    links.url(for: .item(3))            // "myapp://items/3"
}

/// DeepLinkMatcher.swift (`universalLinkComponents(host:)`).
private func components(of links: DeepLinkMatcher<AppLink>) -> [[String: String]] {
    links.universalLinkComponents(host: "example.com")   // [["/": "/items/*", "comment": "https://example.com/items/:id"]]
}

// MARK: DeepLink.swift

private enum RequirementExample {
    enum AppLink: DeepLink, Equatable {
        case items
        case item(id: Int)
        case billing

        // What each link needs before a flow can take it; DeferredDeepLinks keeps it until then.
        var requirement: DeepLinkRequirement? {
            switch self {
            case .items, .item: "signed in"
            case .billing: "paid plan"
            }
        }
    }
}

// MARK: DeferredDeepLinks.swift

/// The signed-in app: its main flow starts once there is a user.
private struct AppState { var user: String? }
private enum AppIntent: Intent { case logIn(String) }

private final class SignedInApp: BaseCoordinator {
    let store: Store<AppState, AppIntent, Never>
    let main = ItemsFlow()
    init(store: Store<AppState, AppIntent, Never>) {
        self.store = store
        super.init(actionRouter: nil)
    }
    override func start() {
        keep(store.subscribe(\.user) { [weak self] user in
            guard let self, user != nil, !main.isStarted else { return }
            startChild(main)
        })
    }
}

/// An onboarding tour that has the screen while it shows.
private final class Tour { var isShowing = true }

@MainActor
@Suite struct ConductorCoordinatorsDeepLinksDocCommentTests {
    @Test func aURLOpensOnTheFlowThatTakesItsLink() throws {
        let app = App()
        let links = appLinks()
        app.run()

        try app.open("conductor-demo://items/3", with: links)     // .item(3), taken by the Items flow

        #expect(app.items.shown == [3])
    }

    @Test func aLinkOpensOnTheItemsFlowAndSelectsItsTab() throws {
        let app = App()
        app.run()
        try app.tabs.select("settings")

        try app.open(AppLink.item(3))      // the Items flow takes it, and its tab is selected

        #expect(app.items.shown == [3])
        #expect(app.tabs.selectedTab == "items")
    }

    @Test func aLinkNoFlowTakesIsNotHandledAndAURLNoPatternMatchesIsNoMatch() {
        let coordinator = BaseCoordinator(actionRouter: nil)
        coordinator.run()
        let links = appLinks()
        let url = "myapp://items/3"
        var hints = 0
        func showLoginFirst() { hints += 1 }

        do { try coordinator.open(url, with: links) } catch {
            if error.code == .notHandled { showLoginFirst() }
        }
        #expect(throws: DeepLinkError.noMatch(url: "myapp://nowhere")) { try links.resolve("myapp://nowhere") }

        #expect(hints == 1)
    }

    @Test func patternsResolveTypedLinksAndAnIdThatIsNotAnIntThrows() throws {
        let error = #expect(throws: DeepLinkError.self) { try MatcherExample.playground() }
        #expect(error?.code == .invalidParameter)
        #expect(try MatcherExample.parameters() == .item(id: 7))
    }

    @Test func aPrintingPatternWritesTheLinksURL() {
        #expect(printingPlayground().last as? String? == "myapp://items/3")
    }

    @Test func aLinkOfOnePatternResolvesAndPrints() throws {
        var links = DeepLinkMatcher<AppLink>()

        links.register("myapp://settings", .settings)

        #expect(try links.resolve("myapp://settings") == .settings)
        #expect(links.url(for: .settings) == "myapp://settings")
    }

    @Test func theUniversalLinkComponentsAreThoseOfTheHostsHTTPSPatterns() {
        var links = DeepLinkMatcher<AppLink>()
        links.register("https://example.com/items/:id") { p in .item(try p.int("id")) } parameters: { link in
            if case .item(let id) = link { ["id": "\(id)"] } else { nil }
        }
        #expect(components(of: links) == [["/": "/items/*", "comment": "https://example.com/items/:id"]])
    }

    @Test func eachLinkNamesWhatItRequires() {
        #expect(RequirementExample.AppLink.item(id: 3).requirement == "signed in")
        #expect(RequirementExample.AppLink.billing.requirement == "paid plan")
    }

    @Test func aLinkOpenedSignedOutIsKeptAndShownOnceTheMainFlowStarts() throws {
        let store = Store(state: AppState(), reducer: { (state: inout AppState, intent: AppIntent) -> [Never] in
            if case .logIn(let user) = intent { state.user = user }
            return []
        })
        let app = SignedInApp(store: store)
        let links = appLinks()
        app.run()

        let deferred = DeferredDeepLinks(root: app, requirement: { store.state.user != nil })
        try deferred.open("myapp://items/3", with: links)   // signed out: kept
        store.send(.logIn("ada"))                           // the main flow starts: the item is shown

        #expect(app.main.shown == [3])
        #expect(deferred.pending.isEmpty)
    }

    @Test func aGateKeepsTheLinksWhileTheTourShows() throws {
        let app = App()
        app.run()
        let links = DeferredDeepLinks(root: app)
        let tour = Tour()

        links.addGate(owner: tour) { [weak tour] in tour?.isShowing == true ? "the tour has the screen" : nil }

        try links.open("myapp://items/3", with: appLinks())
        #expect(app.items.shown.isEmpty)
        tour.isShowing = false
        links.offerKept()
        #expect(app.items.shown == [3])
    }
}
