import ConductorActions
import ConductorCoordinators
import Testing

enum Route: Equatable, Sendable {
    case items
    case item(Int)
    case editItem(Int)
    case newItem
    case slug(String)
    case help([String])
    case search(String, page: Int)
    case fallback
}

private func makeRouter() throws -> DeepLinkMatcher<Route> {
    var links = DeepLinkMatcher<Route>()
    links.register("conductor-demo://items") { _ in .items }
    links.register("conductor-demo://items/new") { _ in .newItem }
    links.register("conductor-demo://items/:id") { p in .item(try p.int("id")) }
    links.register("conductor-demo://items/:id/edit") { p in .editItem(try p.int("id")) }
    links.register("conductor-demo://items/:slug/view") { p in .slug(try p.string("slug")) }
    links.register("conductor-demo://help/*") { p in .help(p.rest) }
    links.register("conductor-demo://search") { p in .search(try p.string("q"), page: (try? p.int("page")) ?? 1) }
    links.register("conductor-demo://*", priority: -10) { _ in .fallback }
    return links
}

struct DeepLinkMatcherTests {
    @Test(arguments: [
        ("conductor-demo://items", Route.items),
        ("CONDUCTOR-DEMO://Items", .items),
        ("conductor-demo://items/", .items),
        ("conductor-demo://items/3", .item(3)),
        ("conductor-demo://items/new", .newItem),
        ("conductor-demo://items/12/edit", .editItem(12)),
        ("conductor-demo://items/abc/view", .slug("abc")),
        ("conductor-demo://items/a%20b/view", .slug("a b")),
        ("conductor-demo://help", .help([])),
        ("conductor-demo://help/a/b/c", .help(["a", "b", "c"])),
        ("conductor-demo://search?q=milk", .search("milk", page: 1)),
        ("conductor-demo://search?q=milk&page=2&q=ignored", .search("milk", page: 2)),
        ("conductor-demo://items/abc", .fallback),
        ("conductor-demo://unknown/path", .fallback),
    ])
    func patternsMatchAsDocumented(url: String, expected: Route) throws {
        #expect(try makeRouter().resolve(url) == expected)
    }

    @Test func aMistypedParameterIsATypedErrorWhenNothingElseMatches() throws {
        var links = DeepLinkMatcher<Route>()
        links.register("conductor-demo://items/:id") { p in .item(try p.int("id")) }
        #expect(
            throws: DeepLinkError.invalidParameter(
                name: "id", value: "abc", expected: "an integer", url: "conductor-demo://items/abc")
        ) {
            try links.resolve("conductor-demo://items/abc")
        }
        #expect((try? links.resolve("conductor-demo://items/abc")) == nil)
    }

    @Test func aMissingParameterIsATypedError() throws {
        var links = DeepLinkMatcher<Route>()
        links.register("conductor-demo://search") { p in .search(try p.string("q"), page: 1) }
        #expect(throws: DeepLinkError.missingParameter(name: "q", url: "conductor-demo://search")) {
            try links.resolve("conductor-demo://search")
        }
    }

    @Test(arguments: [
        "", "not a url", "://items", "conductor-demo:", "conductor-demo://", "items/3", "%%%",
        "conductor-demo://items/a b", "conductor-demo://items/%G1", "conductor-demo://items/é",
        "conductor-demo://it ems/3",
    ])
    func malformedURLsAreTypedErrors(url: String) throws {
        let links = try makeRouter()
        #expect(throws: DeepLinkError.malformedURL(url: url)) { try links.resolve(url) }
    }

    @Test func anUnknownSchemeNamesTheKnownOnes() throws {
        #expect(
            throws: DeepLinkError.unknownScheme(
                url: "https://items/3", scheme: "https", known: ["conductor-demo"])
        ) {
            try makeRouter().resolve("https://items/3")
        }
    }

    @Test func anUnmatchedPathIsNoMatch() throws {
        var links = DeepLinkMatcher<Route>()
        links.register("conductor-demo://items") { _ in .items }
        #expect(throws: DeepLinkError.noMatch(url: "conductor-demo://other")) {
            try links.resolve("conductor-demo://other")
        }
    }

    @Test func veryLongURLsAreRejectedBeforeParsing() throws {
        let url = "conductor-demo://items/" + String(repeating: "a", count: 10_000)
        #expect(throws: DeepLinkError.tooLong(length: url.utf8.count, limit: 4_096)) {
            try makeRouter().resolve(url)
        }
    }

    @Test func priorityBeatsSpecificity() throws {
        var links = DeepLinkMatcher<Route>()
        links.register("conductor-demo://items/new") { _ in .newItem }
        links.register("conductor-demo://items/:id", priority: 5) { _ in .fallback }
        #expect(try links.resolve("conductor-demo://items/new") == .fallback)
    }

    @Test(arguments: [
        ("conductor-demo", "no 'scheme://'"),
        ("://items", "scheme"),
        ("conductor-demo://", "no host"),
        ("conductor-demo://items/*/x", "'*' may only be the last"),
        ("conductor-demo://items/:", "no name"),
        ("conductor-demo://items/:id/:id", "appears twice"),
        ("conductor-demo://items/%3Aid", "a parameter or a wildcard"),
        ("conductor-demo://items/%2A", "a parameter or a wildcard"),
        ("conductor-demo://items/%zz", "not valid percent-encoding"),
    ])
    func invalidPatternsAreReportedAndNotRegistered(pattern: String, reason: String) {
        var links = DeepLinkMatcher<Route>()
        withKnownIssue {
            #expect(!links.register(pattern) { _ in .items })
        } matching: {
            $0.description.contains("pattern") && $0.description.contains(reason)
        }
        #expect(links.registeredPatterns.isEmpty)
    }

    @Test func aPatternRegisteredTwiceIsReportedAndTheFirstKept() throws {
        var links = DeepLinkMatcher<Route>()
        links.register("conductor-demo://items/:id") { _ in .items }
        withKnownIssue {
            #expect(!links.register("conductor-demo://items/:other") { _ in .items })
        } matching: {
            $0.description.contains("conductor-demo://items/:other")
        }
        #expect(links.registeredPatterns == ["conductor-demo/items/:"])
    }

    @Test func notificationPayloadsResolveByURLOrByType() throws {
        var links = try makeRouter()
        links.registerPayload(whereKey: "type", equals: "item") { payload in
            guard let id = payload["id"].flatMap(Int.init) else {
                throw DeepLinkError.missingParameter(name: "id", url: "")
            }
            return .item(id)
        }
        #expect(try links.resolve(payload: ["link": "conductor-demo://items/4"]) == .item(4))
        #expect(try links.resolve(payload: ["type": "item", "id": "8"]) == .item(8))
        #expect(throws: DeepLinkError.unknownPayload(keys: ["aps"])) { try links.resolve(payload: ["aps": "{}"]) }
    }

    /// A regression: a payload handler's own error became `unknownPayload`, and its reason was lost.
    @Test func aPayloadHandlersOwnErrorKeepsItsReason() throws {
        struct NoID: Error, CustomStringConvertible { var description: String { "the payload has no id" } }
        var links = try makeRouter()
        links.registerPayload(whereKey: "type", equals: "item") { payload in
            guard let id = payload["id"].flatMap(Int.init) else { throw NoID() }
            return .item(id)
        }
        links.registerPayload(whereKey: "type", equals: "typed") { _ in
            throw DeepLinkError.missingParameter(name: "id", url: "payload")
        }
        #expect(throws: DeepLinkError.rejected(url: "payload", pattern: "type=item", reason: "the payload has no id")) {
            try links.resolve(payload: ["type": "item"])
        }
        #expect(throws: DeepLinkError.missingParameter(name: "id", url: "payload")) {
            try links.resolve(payload: ["type": "typed"])
        }
    }

    @Test func parametersAreTyped() throws {
        let parameters = DeepLinkParameters(
            url: "u", pattern: "p", path: ["n": "2.5", "b": "yes", "i": "7"], query: ["q": "x"], rest: [])
        #expect(try parameters.double("n") == 2.5)
        #expect(try parameters.bool("b"))
        #expect(try parameters.int("i") == 7)
        #expect(try parameters.string("q") == "x")
        #expect(throws: DeepLinkError.invalidParameter(name: "n", value: "2.5", expected: "an integer", url: "u")) {
            try parameters.int("n")
        }
        #expect(throws: DeepLinkError.invalidParameter(name: "q", value: "x", expected: "true or false", url: "u")) {
            try parameters.bool("q")
        }
    }

    @Test func errorsSayWhatToDo() {
        let errors: [DeepLinkError] = [
            .invalidPattern(pattern: "p", reason: "r"), .duplicatePattern(pattern: "p"), .malformedURL(url: "u"),
            .tooLong(length: 5, limit: 4), .unknownScheme(url: "u", scheme: "s", known: []), .noMatch(url: "u"),
            .missingParameter(name: "n", url: "u"), .invalidParameter(name: "n", value: "v", expected: "e", url: "u"),
            .unknownPayload(keys: ["k"]),
        ]
        for error in errors { #expect(error.description.count > 20) }
    }
}

@MainActor
struct DeepLinkPayloadTests {
    @Test func aUserInfoPayloadIsReadAsTextWhereItCanHoldALink() throws {
        var links = DeepLinkMatcher<Route>()
        links.register("conductor-demo://items/:id") { p in .item(try p.int("id")) }
        links.registerPayload(whereKey: "type", equals: "item") { p in .item(Int(p["id"] ?? "") ?? -1) }
        #expect(try links.resolve(userInfo: ["type": "item", "id": 7, "aps": ["alert": "x"]]) == .item(7))
        #expect(try links.resolve(userInfo: ["url": "conductor-demo://items/8"]) == .item(8))
        #expect(throws: DeepLinkError.self) { try links.resolve(userInfo: ["aps": ["alert": "x"], 1: "x"]) }
    }
}

@MainActor
struct DeepLinkHandlerErrorTests {
    struct NotToday: Error, CustomStringConvertible {
        var description: String { "items are closed today" }
    }

    /// A handler's own error used to be reported as an invalid parameter named "?".
    @Test func aHandlersOwnErrorSaysWhichPatternRefusedTheURLAndWhy() {
        var links = DeepLinkMatcher<Int>()
        links.register("conductor-demo://items/:id") { _ in throw NotToday() }
        #expect {
            try links.resolve("conductor-demo://items/3")
        } throws: { error in
            guard let error = error as? DeepLinkError, error.code == .rejected else { return false }
            return error.description.contains("'conductor-demo://items/:id'")
                && error.description.contains("items are closed today") && !error.description.contains("'?'")
        }
    }

    enum ShopLink: Equatable, Sendable {
        case product(Int)
        case cart
        case review(product: Int, sort: String)
    }

    func shopLinks() -> DeepLinkMatcher<ShopLink> {
        var links = DeepLinkMatcher<ShopLink>()
        links.register("https://shop.example/cart", .cart)
        links.register("https://shop.example/products/:id") { p in
            .product(try p.int("id"))
        } parameters: {
            if case .product(let id) = $0 { ["id": String(id)] } else { nil }
        }
        links.register("shop://products/:id/reviews") { p in
            .review(product: try p.int("id"), sort: try p.string("sort"))
        } parameters: {
            if case .review(let id, let sort) = $0 { ["id": String(id), "sort": sort] } else { nil }
        }
        return links
    }

    @Test func aLinkPrintsAsTheURLOfTheFirstPatternThatPrintsIt() {
        let links = shopLinks()
        #expect(links.url(for: .cart) == "https://shop.example/cart")
        #expect(links.url(for: .product(3)) == "https://shop.example/products/3")
        #expect(
            links.url(for: .review(product: 3, sort: "new & best")) == "shop://products/3/reviews?sort=new%20%26%20best"
        )
        #expect(links.urlPatterns.count == 3)
    }

    enum SlugLink: Equatable, Sendable {
        case create
        case item(String)
    }

    /// A regression: `items/:slug` printed `.item("new")` as `items/new`, which resolves to `.create`.
    @Test func aURLAnotherPatternWouldWinIsNotPrinted() throws {
        var links = DeepLinkMatcher<SlugLink>()
        links.register("app://items/new", .create)
        links.register("app://items/:slug") { p in
            .item(try p.string("slug"))
        } parameters: {
            if case .item(let slug) = $0 { ["slug": slug] } else { nil }
        }
        links.register("app://item", priority: -1) { p in
            .item(try p.string("slug"))
        } parameters: {
            if case .item(let slug) = $0 { ["slug": slug] } else { nil }
        }
        #expect(links.url(for: .item("tea")) == "app://items/tea")
        #expect(links.url(for: .item("new")) == "app://item?slug=new")
        #expect(try links.resolve(links.url(for: .item("new")) ?? "") == .item("new"))
        #expect(links.url(for: .create) == "app://items/new")
    }

    @Test func aPatternWhoseHostIsAParameterCannotPrintAndSaysSo() {
        var links = DeepLinkMatcher<SlugLink>()
        withKnownIssue {
            links.register("app://:tenant/items") { _ in
                .create
            } parameters: { _ in
                ["tenant": "acme"]
            }
        }
        #expect(links.url(for: .create) == nil)
        #expect(links.urlPatterns == ["app://:tenant/items"])
    }

    @Test func aPatternRegisteredWithoutParametersPrintsNothing() {
        var links = DeepLinkMatcher<ShopLink>()
        links.register("shop://cart") { _ in .cart }
        #expect(links.url(for: .cart) == nil)
    }

    @Test func universalLinkComponentsListTheHostsHTTPSPatterns() {
        let components = shopLinks().universalLinkComponents(host: "SHOP.example")
        #expect(
            components == [
                ["/": "/cart", "comment": "https://shop.example/cart"],
                ["/": "/products/*", "comment": "https://shop.example/products/:id"],
            ])
    }

    /// A component claims only what the app resolves: literals decoded, wildcard characters never copied in.
    @Test func universalLinkComponentsDecodeLiteralsAndLeaveOutWildcardCharacters() throws {
        var links = DeepLinkMatcher<String>()
        links.register("https://shop.example/summer%20sale", "sale")
        links.register("https://shop.example/deals%2Anow", "deals")
        links.register("https://shop.example/what%3F", "what")
        withKnownIssue {
            #expect(
                links.universalLinkComponents(host: "shop.example") == [
                    ["/": "/summer sale", "comment": "https://shop.example/summer%20sale"]
                ])
        } matching: {
            $0.description.contains("apple-app-site-association reads as a wildcard")
        }
        #expect(try links.resolve("https://shop.example/summer%20sale") == "sale")
    }
}
