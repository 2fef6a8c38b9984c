#if canImport(SwiftUI)
    public import ConductorCoordinators
    public import SwiftUI

    extension View {
        /// Opens the links the system hands the app in activities of `activityType` — Handoff, Spotlight, a universal
        /// link — through `deferred`: taken now, or kept until a flow can take it and its requirement holds.
        ///
        /// <!-- not compiled: SwiftUI, on Apple platforms only -->
        /// ```swift
        /// RouterNavigationStack(router: router) { ScreenView($0) }
        ///     .onContinueLink("com.example.browsing", links: links, opening: deferred) { error in log(error) }
        /// ```
        /// - Parameters:
        ///   - activityType: The activity type the app declares (`NSUserActivityTypes` in its Info.plist).
        ///   - links: The patterns that read the activity's URL.
        ///   - deferred: Where the link is opened.
        ///   - onError: Receives the error of an activity whose URL no pattern resolves.
        public func onContinueLink<Link: DeepLink>(
            _ activityType: String,
            links: DeepLinkMatcher<Link>,
            opening deferred: DeferredDeepLinks,
            onError: @escaping @MainActor (DeepLinkError) -> Void
        ) -> some View {
            onContinueUserActivity(activityType) { activity in
                MainActor.assumeIsolated {
                    do throws(DeepLinkError) { try deferred.open(userActivity: activity, with: links) } catch {
                        onError(error)
                    }
                }
            }
        }

        /// Advertises `link` — the screen shown — as an activity of `activityType`, for Handoff and Spotlight; no
        /// activity while `link` is `nil` or no pattern prints it.
        ///
        /// <!-- not compiled: SwiftUI, on Apple platforms only -->
        /// ```swift
        /// ItemView(item).linkActivity("com.example.browsing", link: .items(.item(item.id)), links: links)
        /// ```
        public func linkActivity<Link: DeepLink>(
            _ activityType: String, link: Link?, links: DeepLinkMatcher<Link>
        ) -> some View {
            let url = link.flatMap { links.url(for: $0) }
            return userActivity(activityType, isActive: url != nil) { activity in
                if let link { links.update(activity, for: link) }
            }
        }
    }
#endif
