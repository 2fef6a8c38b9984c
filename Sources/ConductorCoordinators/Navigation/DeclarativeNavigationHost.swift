/// The host of a declarative UI — SwiftUI — that shows what it observes: the views read the router's ``HostedNavigationRouter/path``
/// and ``HostedNavigationRouter/presentedID(level:)`` (the router is `Observable`) and report the user's changes with
/// ``HostedNavigationRouter/hostDidSetPath(_:)`` and ``HostedNavigationRouter/hostDidDismissSheet(level:)``. So it
/// has nothing to do when told what to show but remember which modules hide the bottom bar (a tab bar), as a push
/// asked.
@MainActor
package final class DeclarativeNavigationHost: NavigationHost {
    /// Creates a host.
    package init() {}

    /// The modules pushed with their bottom bar hidden, by identity, held weakly.
    private var hidingBottomBar: [ObjectIdentifier: WeakModule] = [:]

    /// Remembers whether `module` hides the bottom bar: ``hidesBottomBar(_:)`` answers the views.
    package func setHidesBottomBar(_ hidden: Bool, for module: any Presentable) {
        hidingBottomBar = hidingBottomBar.filter { $0.value.object != nil }
        hidingBottomBar[ObjectIdentifier(module)] = hidden ? WeakModule(object: module) : nil
    }

    /// Whether `module` was pushed with its bottom bar hidden: a view shows the tab bar hidden over it.
    package func hidesBottomBar(_ module: any Presentable) -> Bool {
        hidingBottomBar[ObjectIdentifier(module)]?.object === module
    }

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
