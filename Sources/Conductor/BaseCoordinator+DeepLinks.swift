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
        try opening(url) { () throws(DeepLinkError) in try links.resolve(url) }
    }

    /// Resolves a notification payload (`userInfo`, or the seed's `[String: AnyObject]`) and offers the link down the
    /// tree.
    /// - Throws: As `open(_:with:)`.
    public func open<Link: DeepLink>(userInfo: [AnyHashable: Any], with links: DeepLinkMatcher<Link>)
        throws(DeepLinkError)
    {
        try opening("payload with keys \(userInfo.keys.map { "\($0)" }.sorted().joined(separator: ", "))") {
            () throws(DeepLinkError) in try links.resolve(userInfo: userInfo)
        }
    }

    /// Resolves and takes a link, telling ``BaseCoordinator/deepLinkObserver`` how it went.
    private func opening(_ source: String, _ resolve: () throws(DeepLinkError) -> any DeepLink) throws(DeepLinkError) {
        guard let observer = deepLinkObserver else { return try take(try resolve()) }
        var link: (any DeepLink)?
        do {
            let resolved = try resolve()
            link = resolved
            try take(resolved)
            observer(DeepLinkEvent(source: source, link: String(describing: resolved), error: nil))
        } catch {
            observer(DeepLinkEvent(source: source, link: link.map { String(describing: $0) }, error: error))
            throw error
        }
    }

    /// Offers a link down the tree.
    /// - Throws: `DeepLinkError/notHandled(link:coordinator:)` when no flow took it.
    public func take(_ link: any DeepLink) throws(DeepLinkError) {
        guard offer(link) else { throw .notHandled(link: String(describing: link), coordinator: name) }
    }
}
