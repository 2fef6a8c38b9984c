/// Something a ``NavigationRouter`` can show: a screen, or a flow's root.
///
/// On UIKit a view controller is presentable (`toPresent()` returns itself); in the headless router any object is.
/// A coordinator that owns a navigation stack can be presentable too, returning its stack's root.
///
/// ```swift
/// final class ItemsScreen: Presentable {}
/// try router.setRoot(ItemsScreen(), hideBar: false)
/// ```
@preconcurrency @MainActor
public protocol Presentable: AnyObject {
    /// What to actually show for this module: itself by default.
    func toPresent() -> (any Presentable)?
    /// A short name for logs, errors and the headless router's printout; the type name by default.
    var moduleName: String { get }
}

extension Presentable {
    /// Returns `self`.
    public func toPresent() -> (any Presentable)? { self }
    /// The type name, worked out once per type: routers name the modules of every push and pop in their events.
    public var moduleName: String { TypeNames.name(of: type(of: self)) }
}
