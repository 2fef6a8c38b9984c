/// A flow that can say where it is, as a `Codable` value, and rebuild itself there: what ``NavigationTree`` saves
/// and restores.
///
/// The place holds what the flow's ``BaseCoordinator/start()`` does not rebuild on its own: the screens pushed over
/// its first one, and the child flows it presents. A child flow that is restorable says its own place; the tree
/// restores it after its parent has opened it again.
///
/// ```swift
/// extension ItemsCoordinator: RestorableFlow {
///     struct Place: Codable, Equatable { var item: Int64?; var creating: Bool }
///
///     var place: Place { Place(item: shownItem, creating: creation != nil) }
///
///     func restore(_ place: Place) throws {
///         guard place != self.place else { return }
///         if !place.creating { creation?.finish(with: nil) }
///         router.popToRoot(animated: false)
///         if let item = place.item { try showItem(item) }   // throws when the item was deleted meanwhile
///         if place.creating { try runCreation() }
///     }
/// }
/// ```
///
/// A place is often a deep link the flow already handles, read in reverse: `restore` can be
/// `handle(deepLink:)`.
@preconcurrency @MainActor
public protocol RestorableFlow: BaseCoordinator {
    /// Where the flow is: its screens above the first, the flows it presented.
    associatedtype Place: Codable

    /// Where the flow is now.
    var place: Place { get }

    /// Brings the flow to `place`, from wherever it is: at launch it has just started (its first screen shows); when a
    /// tree is restored over a running app (a preview, a test, a debugger's time travel) it may show anything — pop
    /// back and close what the place does not have before showing what it has. A flow already at `place` should do
    /// nothing.
    ///
    /// Throw when the place cannot be shown any more (the item it showed was deleted): ``NavigationTree`` leaves
    /// the flow where it is and reports the error (``RestorationReport``).
    func restore(_ place: Place) throws
}
