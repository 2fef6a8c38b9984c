/// A parsed identifier in the manager's caches, with the command registered under its name when it was last looked
/// up, and the manager's commands version then.
struct ParsedIdentifier {
    let identifier: CommandIdentifier
    /// The command registered under the identifier's name as of `version`; `nil` when none was.
    private(set) var command: (any Command)?
    /// The manager's commands version `command` was looked up at; 0, which no manager has, before the first look.
    private(set) var version = 0

    init(_ identifier: CommandIdentifier) { self.identifier = identifier }

    /// Looks the command up again.
    mutating func refresh(_ commands: [String: any Command], version: Int) {
        command = commands[identifier.name]
        self.version = version
    }
}
