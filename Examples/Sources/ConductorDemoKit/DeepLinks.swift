import Conductor

/// The places a deep link can open: each is taken by the flow that shows it. An Items link carries the Items flow's
/// own destination — the one value that links, restoration, commands and time travel share.
public enum DemoLink: DeepLink, Hashable {
    case items(ItemsDestination)
    case settings

    /// Every link shows a screen of the signed-in app: kept while signed out, opened after sign-in.
    public var requirement: DeepLinkRequirement? { .signedIn }
}

extension DeepLinkRequirement {
    /// A user is signed in.
    static let signedIn: DeepLinkRequirement = "signed in"
}

/// The demo's URL patterns, resolved in a trie to typed links, and printed back (`link`).
func demoLinks() -> DeepLinkMatcher<DemoLink> {
    var links = DeepLinkMatcher<DemoLink>()
    links.register("conductor-demo://items", .items(.list))
    links.register("conductor-demo://items/new", .items(.create))
    links.register("conductor-demo://items/:id") { p in
        .items(.item(try itemID(p)))
    } parameters: {
        if case .items(.item(let id)) = $0 { ["id": String(id)] } else { nil }
    }
    links.register("conductor-demo://settings", .settings)
    return links
}

/// An item id as a link writes it: a whole number from 1, no sign, no leading zero — so that one item has one link
/// (`items/2`, never `items/+2` or `items/002`).
private func itemID(_ parameters: DeepLinkParameters) throws -> Int64 {
    let id = try parameters.int("id")
    let text = try parameters.string("id")
    guard id > 0, text == String(id) else {
        throw DemoProblem(
            "'\(DemoText.excerpt(text))' is not an item id: ids are whole numbers from 1, written plainly.")
    }
    return Int64(id)
}

/// Shows an item's detail; sent by the `open` command, handled by the Items flow.
public struct ShowItem: Action { public let id: Int64 }
