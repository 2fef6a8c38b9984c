/// A flow's links and destinations, both ways, declared once next to the destinations: which destination a link
/// opens, and which link shows a destination. "Share this screen" is then a read of this table
/// (``BaseCoordinator/shownLink(as:)``), not a switch over the app's flows, and a link the flow takes is one lookup
/// (``LinkedFlow/destination(of:)``).
///
/// ```swift
/// extension NotesFlow: LinkedFlow {
///     static let links = DestinationLinks<NotesLink, NotesDestination>(
///         link: { destination in destination == .editor ? nil : .notes(destination) },  // no link opens the editor
///         destination: { link in
///             if case .notes(let destination) = link { destination } else { nil }
///         })
/// }
/// ```
///
/// The two directions must agree: a destination's link opens that destination. ``BaseCoordinator/shownLink(as:)``
/// checks it each time it reads a link, and reports a table that does not (`reportIssue`).
public struct DestinationLinks<Link: DeepLink, Destination: Hashable & Sendable>: Sendable {
    private let linkOfDestination: @Sendable (Destination) -> Link?
    private let destinationOfLink: @Sendable (Link) -> Destination?

    /// A table of the two directions.
    /// - Parameters:
    ///   - link: The link that shows a destination; `nil` for one no link shows (a sheet a link cannot open).
    ///   - destination: The destination a link opens; `nil` for a link this flow does not take.
    public init(
        link: @escaping @Sendable (Destination) -> Link?, destination: @escaping @Sendable (Link) -> Destination?
    ) {
        linkOfDestination = link
        destinationOfLink = destination
    }

    /// The link that shows `destination`, if one does.
    public func link(for destination: Destination) -> Link? { linkOfDestination(destination) }

    /// The destination `link` opens, if this table takes it.
    public func destination(for link: Link) -> Destination? { destinationOfLink(link) }
}
