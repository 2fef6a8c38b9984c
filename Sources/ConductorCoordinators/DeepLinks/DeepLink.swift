/// A destination inside the app that a coordinator tree can navigate to: from a URL, a notification, or code.
///
/// Define your app's deep links as an enum and let coordinators match the cases they handle:
///
/// ```swift
/// enum AppLink: DeepLink, Equatable {
///     case items
///     case item(id: Int)
///     case signUp
/// }
/// ```
public protocol DeepLink: Sendable {}
