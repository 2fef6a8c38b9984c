/// What ``NavigationTree`` saves and restores of a flow: its navigation if it is a ``NavigatingFlow`` — found once per
/// flow, so that a capture around every event asks the runtime about the flow's conformances only the first time.
@MainActor
package struct RestorationRole {
    /// The flow's navigation, when the flow is a ``NavigatingFlow``.
    let navigation: (any CapturingNavigation)?

    init(_ coordinator: BaseCoordinator) {
        navigation = (coordinator as? any NavigatingFlow)?.capturingNavigation
    }
}

/// A flow's ``Navigation``, whatever its destination type: what a ``NavigationTree`` reads of it.
@MainActor
protocol CapturingNavigation: AnyObject {
    /// The value as a tree captures it: the same object while the value does not change.
    func captured() -> any CapturedNavigation
    /// Whether the router shows exactly what `captured` holds, known without comparing.
    func isShowing(_ captured: any CapturedNavigation) -> Bool
    /// The modules shown without a destination.
    var modulesWithoutDestination: [String] { get }
}

extension Navigation: CapturingNavigation {}

extension NavigatingFlow {
    /// The flow's navigation, its destination type erased.
    fileprivate var capturingNavigation: any CapturingNavigation { navigation }
}
