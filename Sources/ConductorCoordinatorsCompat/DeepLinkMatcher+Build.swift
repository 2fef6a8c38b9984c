public import ConductorCoordinators
internal import Logging

/// ApplicationCoordinator's `DeepLinkOption.build(with:)`.
extension DeepLinkMatcher {
    /// The link a launch notification's payload holds, or `nil` when there is no payload or no link in it — the seed's
    /// `DeepLinkOption.build(with: notification)`. A payload that holds something unreadable (a malformed URL, a
    /// mistyped parameter) is logged at notice level (swift-log, label `Conductor.DeepLinks`) before `nil` is
    /// returned; use `resolve(userInfo:)` to get the typed error.
    ///
    /// ```swift
    /// let notification = launchOptions?[.remoteNotification] as? [String: AnyObject]
    /// let deepLink = links.build(with: notification)
    /// applicationCoordinator.start(with: deepLink)
    /// ```
    public func build(with payload: [String: AnyObject]?) -> Link? {
        build(with: payload.map { $0.mapValues { $0 as Any } })
    }

    /// The link a `[String: Any]` payload holds — a push notification's `userInfo` cast to Swift's dictionary — as
    /// `build(with:)` does for `[String: AnyObject]`.
    public func build(with payload: [String: Any]?) -> Link? {
        guard let payload else { return nil }
        do {
            return try resolve(userInfo: payload)
        } catch {
            if error.code == .unknownPayload { return nil }
            Logger(label: "Conductor.DeepLinks").notice("\(error.description)")
            return nil
        }
    }
}
