import Conductor

extension AppIntent {
    /// Whether an imported recording (the Inspector's Import) may carry this intent, and with what text: intents a
    /// user could type pass the rules typed input passes, and intents only the database sends (`loaded`,
    /// `itemAdded`, `itemRemoved`, `itemRestored`, `itemRenamed`, `flagSaved`, `persistenceFailed`, and a Settings
    /// failure) are
    /// refused, so an import can never show items that do not exist. The Inspector shows accepted intents; it sends none to the live store.
    /// - Throws: A `DemoProblem` saying why the intent cannot be imported.
    public static func validateImported(_ intent: AppIntent) throws {
        switch intent {
        case .finishOnboarding, .logOut, .settings(.toggleIDs): return
        case .settings(.failed): throw DemoProblem("Only the database sends a failure; a recording cannot.")
        case .logIn(let user): _ = try DemoText.name(user, usage: "login <name>")
        case .addItem(let title): _ = try DemoText.title(title)
        case .removeItem(let id) where id > 0: return
        case .removeItem, .item(id: ...0, _): throw DemoProblem("An item's id must be positive.")
        case .item(_, .rename(let title)): _ = try DemoText.title(title)
        case .restoreItem:
            // Only undo and redo restore an item, with the id the database gave it; an id a recording chose (one at
            // Int64.max would make every later insert fail) is refused.
            throw DemoProblem("Only undo restores an item; a recording cannot.")
        case .loaded, .itemAdded, .itemRemoved, .itemRestored, .itemRenamed, .flagSaved, .persistenceFailed:
            throw DemoProblem("Only the database sends \(intent.caseName); a recording cannot.")
        }
    }

    /// The case's name, for messages.
    private var caseName: String { String(describing: self).prefix { $0 != "(" }.description }
}
