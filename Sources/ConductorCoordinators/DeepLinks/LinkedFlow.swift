internal import IssueReporting

/// A ``NavigatingFlow`` that links open: its ``links`` say, both ways, which destination each link opens and which
/// link shows each destination.
///
/// A link the flow takes opens its destination:
///
/// ```swift
/// override func handle(deepLink: any DeepLink) -> Bool {
///     guard let destination = destination(of: deepLink) else { return false }
///     do { try navigate(to: NavigationState(stack: destination == .list ? [.list] : [.list, destination])) } catch {
///         return false
///     }
///     return true
/// }
/// ```
///
/// and the screen the user sees has its link — "share this screen", Handoff, Spotlight — read from the table:
///
/// ```swift
/// let url = root.shownLink(as: NotesLink.self).flatMap(links.url(for:))   // "https://notes.example/notes/3"
/// ```
@preconcurrency @MainActor
public protocol LinkedFlow: NavigatingFlow {
    /// The links this flow takes, usually the app's one link type.
    associatedtype Link: DeepLink

    /// The flow's links and destinations, both ways.
    static var links: DestinationLinks<Link, Destination> { get }
}

extension LinkedFlow {
    /// The destination `deepLink` opens in this flow; `nil` when it is not one of this flow's links.
    public func destination(of deepLink: any DeepLink) -> Destination? {
        guard let link = deepLink as? Link else { return nil }
        return Self.links.destination(for: link)
    }

    /// The link of the screen this flow shows — what it presents, or else the top of its stack — when one shows it.
    public var shownLink: Link? {
        guard let shown = navigationState.shown, let link = Self.links.link(for: shown) else { return nil }
        let opened = Self.links.destination(for: link)
        if opened != shown {
            reportIssue(
                "\(name)'s links give \(link) for the destination \(shown), but open \(String(describing: opened)) from it: make the two directions of `links` agree, so that a shared link opens the screen it was shared from."
            )
        }
        return link
    }

    /// ``shownLink``, its type erased: what ``BaseCoordinator/shownLink(as:)`` reads of a flow of any link type.
    fileprivate var anyShownLink: (any DeepLink)? { shownLink }
}

extension BaseCoordinator {
    /// The link of the screen the user sees under this coordinator, read from the flows' ``LinkedFlow/links``: the
    /// first flow of the ``activePath`` (the one the user sees first) that takes `L`s and shows a destination with
    /// a link. `nil` when no flow on the path does — a sign-in screen, a sheet no link opens.
    ///
    /// Opening the link in a new run shows the same screen: the "Share" button, Handoff, Spotlight and a scene's
    /// restoration activity all read it here.
    public func shownLink<L: DeepLink>(as type: L.Type = L.self) -> L? {
        for flow in activePath {
            guard let linked = flow as? any LinkedFlow, let link = linked.anyShownLink as? L else { continue }
            return link
        }
        return nil
    }
}
