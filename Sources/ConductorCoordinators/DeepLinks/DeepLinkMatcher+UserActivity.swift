#if canImport(Darwin)
    public import Foundation

    /// Links carried by `NSUserActivity`: Handoff, Spotlight, universal links and scene restoration
    /// (`stateRestorationActivity`, `restoreUserActivityState`, SwiftUI's `onContinueUserActivity`) all hand the app an
    /// activity; the activity carries the link's URL, printed by the same patterns that read it.
    extension DeepLinkMatcher {
        /// The key of an activity's `userInfo` that holds the link's URL.
        public static var userActivityURLKey: String { "url" }

        /// An activity of `type` that carries `link`: its URL in `userInfo` (``userActivityURLKey``), and as the
        /// activity's `webpageURL` too when it is an `https` URL (Handoff to a browser, universal links).
        ///
        /// <!-- not compiled: UIKit's scene delegate -->
        /// ```swift
        /// // UIKit: the scene saves where the user is, and Handoff offers it.
        /// func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        ///     links.userActivity(for: .items(itemsFlow.navigationState.top ?? .list), type: "com.example.browsing")
        /// }
        /// ```
        ///
        /// Spotlight indexes the activity (`isEligibleForSearch`) when it has a title and `searchable` is `true`, once
        /// the app makes it current (a view controller's `userActivity`, `becomeCurrent()`); Handoff offers it either
        /// way.
        /// - Parameters:
        ///   - link: The link the activity carries.
        ///   - type: The activity type, declared in the app's `NSUserActivityTypes`.
        ///   - title: What Spotlight and Handoff show.
        ///   - searchable: Whether Spotlight may index it (with a title); `true` by default.
        /// - Returns: `nil` when no pattern prints `link` (``url(for:)``).
        public func userActivity(
            for link: Link,
            type: String,
            title: String? = nil,
            searchable: Bool = true
        ) -> NSUserActivity? {
            let activity = NSUserActivity(activityType: type)
            activity.title = title
            activity.isEligibleForHandoff = true
            activity.isEligibleForSearch = searchable && title?.isEmpty == false
            return update(activity, for: link) ? activity : nil
        }

        /// Makes `activity` carry `link`, as ``userActivity(for:type:title:)`` does: for an activity the system made
        /// (SwiftUI's `userActivity(_:isActive:_:)`).
        /// - Returns: Whether a pattern printed `link`; when none did, the activity is left as it was.
        @discardableResult
        public func update(_ activity: NSUserActivity, for link: Link) -> Bool {
            guard let url = url(for: link) else { return false }
            activity.addUserInfoEntries(from: [Self.userActivityURLKey: url])
            activity.requiredUserInfoKeys = [Self.userActivityURLKey]
            if url.lowercased().hasPrefix("https://") { activity.webpageURL = URL(string: url) }
            return true
        }

        /// The link an activity carries: the URL in its `userInfo` (``userActivityURLKey``), or its `webpageURL` (a
        /// universal link the system opened the app with).
        /// - Throws: ``DeepLinkError`` when the activity carries no URL, or one no pattern resolves.
        public func resolve(userActivity activity: NSUserActivity) throws(DeepLinkError) -> Link {
            if let url = activity.userInfo?[Self.userActivityURLKey] as? String { return try resolve(url) }
            if let url = activity.webpageURL { return try resolve(url.absoluteString) }
            let keys = (activity.userInfo?.keys).map { $0.map { "\($0)" } } ?? []
            throw .unknownPayload(keys: keys)
        }
    }

    extension DeferredDeepLinks {
        /// Opens the link an activity carries (``DeepLinkMatcher/resolve(userActivity:)``): taken now, or kept until
        /// a flow can take it and its requirement holds.
        ///
        /// <!-- not compiled: UIKit's scene delegate -->
        /// ```swift
        /// // UIKit: Handoff, Spotlight, a universal link, or the scene's restoration activity.
        /// func scene(_ scene: UIScene, continue activity: NSUserActivity) {
        ///     do { try deferred.open(userActivity: activity, with: links) } catch { log(error) }
        /// }
        /// ```
        /// - Returns: Whether a flow took it now.
        /// - Throws: The ``DeepLinkError`` of resolving it.
        @discardableResult
        public func open<Link: DeepLink>(userActivity activity: NSUserActivity, with links: DeepLinkMatcher<Link>)
            throws(DeepLinkError) -> Bool
        {
            open(try links.resolve(userActivity: activity), source: activity.activityType)
        }
    }
#endif
