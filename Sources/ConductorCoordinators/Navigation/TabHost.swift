/// The platform container that shows a ``TabRouter``'s tabs: `UIKitTabContainer` on UIKit. A declarative UI
/// (SwiftUI's `RouterTabView`) observes the router instead and needs no host.
@preconcurrency @MainActor
public protocol TabHost: AnyObject {
    /// Shows `tab`, at `index` among the router's ``TabRouter/tabNames``, as selected: the router's selection
    /// changed in code.
    func showSelectedTab(_ tab: String, at index: Int)
}
