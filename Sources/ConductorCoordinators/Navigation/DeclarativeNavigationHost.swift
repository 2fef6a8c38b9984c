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

    /// The completions of presents whose sheet SwiftUI has not shown yet, by module.
    private var pendingPresents: [ObjectIdentifier: @MainActor () -> Void] = [:]

    /// Nothing to show (the views observe the router); `completion` runs once SwiftUI has shown the sheet
    /// (``sheetDidAppear(_:)``), as UIKit's does after its presentation — not before the sheet is on screen.
    package func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        pendingPresents.removeValue(forKey: ObjectIdentifier(module))?()
        pendingPresents[ObjectIdentifier(module)] = completion
    }

    /// The sheet of `module` appeared: its present's completion runs now, once.
    package func sheetDidAppear(_ module: any Presentable) {
        pendingPresents.removeValue(forKey: ObjectIdentifier(module))?()
    }

    /// Nothing to do (the views observe the router); a present still waiting for its sheet completes first (it
    /// happened, if briefly), then `completion` is called.
    package func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        pendingPresents.removeValue(forKey: ObjectIdentifier(module))?()
        completion()
    }
}
