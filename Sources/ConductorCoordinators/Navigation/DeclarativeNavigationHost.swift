/// The host of a declarative UI — SwiftUI — that shows what it observes: the views read the router's ``HostedNavigationRouter/path``
/// and ``HostedNavigationRouter/presentedID`` (the router is `Observable`) and report the user's changes with
/// ``HostedNavigationRouter/hostDidSetPath(_:)`` and ``HostedNavigationRouter/hostDidDismissSheet()``. So it has
/// nothing to do when told what to show.
@MainActor
package final class DeclarativeNavigationHost: NavigationHost {
    /// Creates a host.
    package init() {}

    /// Nothing: the views observe the router.
    package func show(stack: [any Presentable], animated: Bool) {}

    /// Nothing to do (the views observe the router); `completion` is called at once, as SwiftUI shows the sheet in
    /// the same update.
    package func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        completion()
    }

    /// Nothing to do (the views observe the router); `completion` is called at once.
    package func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        completion()
    }
}
