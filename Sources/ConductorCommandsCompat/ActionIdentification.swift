/// A user-interface item that names the action it performs, as the seed's menu items and buttons do.
public protocol ActionIdentification {
    /// The identifier of the action to perform, such as `menu.MyAction("color": "red")`.
    var actionID: String { get set }
}
