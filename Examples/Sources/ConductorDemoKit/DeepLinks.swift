import Conductor

/// The places a deep link can open: each is taken by the flow that shows it.
public enum DemoLink: DeepLink, Equatable {
    case items
    case item(Int64)
    case newItem
    case settings
}

/// The demo's URL patterns, resolved in a trie to typed links.
func demoLinks() -> DeepLinkMatcher<DemoLink> {
    var links = DeepLinkMatcher<DemoLink>()
    links.register("conductor-demo://items") { _ in .items }
    links.register("conductor-demo://items/new") { _ in .newItem }
    links.register("conductor-demo://items/:id") { p in .item(Int64(try p.int("id"))) }
    links.register("conductor-demo://settings") { _ in .settings }
    return links
}

/// Shows an item's detail; sent by the `open` command, handled by the Items flow.
public struct ShowItem: Action { public let id: Int64 }
