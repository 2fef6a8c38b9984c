/// One deep-link path: a URL or a notification payload resolves through the pattern trie to a typed link, which is
/// offered down the coordinator tree; the flows that match take it.
extension BaseCoordinator {
    /// Resolves `url` with `links` and offers the link down the tree (`offer(_:)`).
    ///
    /// ```swift
    /// try app.open("conductor-demo://items/3", with: links)     // .item(3), taken by the Items flow
    /// ```
    /// - Throws: The `DeepLinkError` of resolving, or `DeepLinkError/notHandled(link:coordinator:)` when no flow
    ///   took the link.
    public func open<Link: DeepLink>(_ url: String, with links: DeepLinkMatcher<Link>) throws(DeepLinkError) {
        try take(try links.resolve(url))
    }

    /// Resolves a notification payload (`userInfo`, or the seed's `[String: AnyObject]`) and offers the link down the
    /// tree.
    /// - Throws: As `open(_:with:)`.
    public func open<Link: DeepLink>(userInfo: [AnyHashable: Any], with links: DeepLinkMatcher<Link>)
        throws(DeepLinkError)
    {
        try take(try links.resolve(userInfo: userInfo))
    }

    /// Offers a link down the tree.
    /// - Throws: `DeepLinkError/notHandled(link:coordinator:)` when no flow took it.
    public func take(_ link: any DeepLink) throws(DeepLinkError) {
        guard offer(link) else { throw .notHandled(link: String(describing: link), coordinator: name) }
    }
}
