/// Something that asks for a command by identifier: a menu item, a button, a key binding.
@MainActor
package protocol CommandSender: AnyObject {
    /// The identifier of the command to perform, such as `menu.Open("id": "3")`.
    var commandIdentifier: String { get }
}
