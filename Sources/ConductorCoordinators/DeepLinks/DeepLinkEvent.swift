/// A deep link opened through a coordinator — taken by a flow, or refused with its error — as told to
/// ``BaseCoordinator/addDeepLinkObserver(owner:_:)``.
public struct DeepLinkEvent: Sendable, CustomStringConvertible {
    /// What was opened: the URL, or a description of the notification payload.
    public let source: String
    /// The typed link it resolved to, described; `nil` when it did not resolve.
    public let link: String?
    /// Why it was refused; `nil` when a flow took it.
    public let error: DeepLinkError?

    /// Creates an event; `BaseCoordinator.open` makes these.
    package init(source: String, link: String?, error: DeepLinkError?) {
        self.source = source
        self.link = link
        self.error = error
    }

    /// `<source> → <link>`, or the error.
    public var description: String {
        if let error { return "\(source) refused: \(error)" }
        return "\(source) → \(link ?? "?")"
    }
}
