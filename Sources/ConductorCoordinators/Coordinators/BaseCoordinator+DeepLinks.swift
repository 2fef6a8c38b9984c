internal import ConductorRecording

/// The one way to open a deep link on a running tree: a URL or a notification payload resolves through the pattern
/// trie to a typed link, which is offered down the coordinator tree in ``BaseCoordinator/activePath`` order; the flow
/// that matches takes it, and the call throws when none does.
extension BaseCoordinator {
    /// Resolves `url` with `links` and opens the link (``open(_:)``).
    ///
    /// ```swift
    /// try app.open("conductor-demo://items/3", with: links)     // .item(3), taken by the Items flow
    /// ```
    /// - Throws: The ``DeepLinkError`` of resolving, or `DeepLinkError.notHandled(link:coordinator:)` when no flow
    ///   took the link.
    public func open<Link: DeepLink>(_ url: String, with links: DeepLinkMatcher<Link>) throws(DeepLinkError) {
        try opening(url) { () throws(DeepLinkError) in try links.resolve(url) }
    }

    /// Resolves a notification payload (`userInfo`, or the seed's `[String: AnyObject]`) and opens the link.
    /// - Throws: As ``open(_:with:)``.
    public func open<Link: DeepLink>(userInfo: [AnyHashable: Any], with links: DeepLinkMatcher<Link>)
        throws(DeepLinkError)
    {
        try opening("payload with keys \(userInfo.keys.map { "\($0)" }.sorted().joined(separator: ", "))") {
            () throws(DeepLinkError) in try links.resolve(userInfo: userInfo)
        }
    }

    /// Resolves and opens a link, telling the deep-link observers up the tree how it went.
    private func opening(_ source: String, _ resolve: () throws(DeepLinkError) -> any DeepLink) throws(DeepLinkError) {
        try Causes.run(.link, source) { () throws(DeepLinkError) in try resolveAndOpen(source, resolve) }
    }

    private func resolveAndOpen(_ source: String, _ resolve: () throws(DeepLinkError) -> any DeepLink)
        throws(DeepLinkError)
    {
        let observers = deepLinkObserversUpTheTree
        guard !observers.isEmpty else { return try open(try resolve()) }
        let observer: @MainActor (DeepLinkEvent) -> Void = { event in for observe in observers { observe(event) } }
        var link: (any DeepLink)?
        do {
            let resolved = try resolve()
            link = resolved
            try open(resolved)
            observer(DeepLinkEvent(source: source, link: String(describing: resolved), error: nil))
        } catch {
            observer(DeepLinkEvent(source: source, link: link.map { String(describing: $0) }, error: error))
            throw error
        }
    }

    /// Opens a link on a running tree: offers it down the tree, the visible flow first.
    ///
    /// ```swift
    /// try app.open(AppLink.item(3))      // the Items flow takes it, and its tab is selected
    /// ```
    /// - Throws: `DeepLinkError.notHandled(link:coordinator:)` when no flow took it.
    public func open(_ link: any DeepLink) throws(DeepLinkError) {
        guard Causes.run(.link, String(describing: link), { offer(link) }) else {
            throw .notHandled(link: String(describing: link), coordinator: name)
        }
    }
}
