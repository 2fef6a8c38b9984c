/// A destination inside the app that a coordinator tree can navigate to: from a URL, a notification, or code.
///
/// Define your app's deep links as an enum and let coordinators match the cases they handle:
///
/// ```swift
/// enum AppLink: DeepLink, Equatable {
///     case items
///     case item(id: Int)
///     case billing
///
///     // What each link needs before a flow can take it; DeferredDeepLinks keeps it until then.
///     var requirement: DeepLinkRequirement? {
///         switch self {
///         case .items, .item: "signed in"
///         case .billing: "paid plan"
///         }
///     }
/// }
/// ```
public protocol DeepLink: Sendable {
    /// What this link needs before a flow can take it (a signed-in user, a paid plan): ``DeferredDeepLinks`` keeps
    /// it until the requirement of that name holds. `nil` — the default — for a link that needs nothing.
    var requirement: DeepLinkRequirement? { get }
}

extension DeepLink {
    /// Needs nothing.
    public var requirement: DeepLinkRequirement? { nil }
}
