import Conductor

/// Which screen is showing; commands validate against it.
public enum ScreenKind: Equatable, Sendable {
    case onboarding, login, signUp, terms, itemsList
    case itemDetail(Int64)
    case itemCreate, settings
}

/// A terminal screen: a module the navigation router shows, rendered as lines of text from the app state.
@MainActor
public final class Screen: Presentable {
    /// Which screen this is.
    public let kind: ScreenKind
    public let title: String
    /// Set by the auth flow when the terms are accepted.
    var termsAccepted = false
    /// The database file, shown by Settings.
    var databasePath: String?
    /// For an item's screen: the items' row stores, where it finds its item's.
    var itemRows: StoreRows<Item, ItemIntent>?
    /// For an item's screen: its item's row store, which shows the item and ends when the item is removed.
    private var itemRow: Store<Item, ItemIntent, Never>?

    init(_ kind: ScreenKind, title: String) {
        self.kind = kind
        self.title = title
    }

    public var moduleName: String { title }

    /// The row store of item `id` while the item is there. A store that ended (its item was removed) is let go and
    /// the rows asked again: an undone removal brings the item back, with a new store.
    private func row(of id: Int64) -> Store<Item, ItemIntent, Never>? {
        if let itemRow, !itemRow.isEnded { return itemRow }
        itemRow = itemRows?[id: id]
        return itemRow
    }

    /// The screen's body.
    public func render(_ state: AppState) -> [String] {
        switch kind {
        case .onboarding:
            return [
                "Welcome to the Conductor demo: a terminal app built from coordinators, a store, actions and",
                "commands, persisted in SQLite.", "Type 'next' to continue.",
            ]
        case .login:
            return ["Log in with 'login <name>', or create an account with 'signup'."]
        case .signUp:
            return termsAccepted
                ? ["Terms accepted. Create your account with 'register <name>'."]
                : ["Read and accept the terms first: 'terms'. ('register' is disabled until then.)"]
        case .terms:
            return [
                "1. Be kind to your items.", "2. Undo is your friend.", "Type 'accept' to accept, 'back' to return.",
            ]
        case .itemsList:
            guard !state.items.all.isEmpty else { return ["No items yet. Type 'create' to add one."] }
            return state.items.all.map { state.settings.showsIDs ? "  #\($0.id)  \($0.title)" : "  • \($0.title)" }
        case .itemDetail(let id):
            guard let item = row(of: id)?.state else { return ["This item no longer exists. Type 'back'."] }
            return ["Item #\(item.id)", "Title: \(item.title)"]
        case .itemCreate:
            return ["New item. Type 'save <title>' to save it, or 'cancel'."]
        case .settings:
            return [
                "Signed in as \(state.session.user ?? "nobody"). ('logout' to sign out)",
                "Show item ids: \(state.settings.showsIDs ? "on" : "off") ('toggle-ids')",
                "Database: \(databasePath ?? "(none)")",
            ]
        }
    }
}

/// A module that shows a ``Screen``: the screen itself in the terminal and on SwiftUI (whose views are built from
/// it), a view controller holding it on UIKit. Coordinators read the screen through it, whatever the front end.
@MainActor
public protocol ScreenModule: Presentable {
    /// The screen shown.
    var screen: Screen { get }
}

extension Screen: ScreenModule {
    /// The screen itself.
    public var screen: Screen { self }
}

/// Makes the screens, as the seed's ModuleFactory: each screen wrapped as the front end shows it.
@MainActor
struct ModuleFactory {
    /// The database file, shown by Settings.
    let databasePath: String
    /// The items' row stores, for the items' screens.
    let itemRows: StoreRows<Item, ItemIntent>
    /// Wraps a screen as the front end's module.
    let wrap: @MainActor (Screen) -> any ScreenModule

    func onboarding() -> any ScreenModule { wrap(Screen(.onboarding, title: "Onboarding")) }
    func login() -> any ScreenModule { wrap(Screen(.login, title: "Login")) }
    func signUp() -> any ScreenModule { wrap(Screen(.signUp, title: "Sign up")) }
    func terms() -> any ScreenModule { wrap(Screen(.terms, title: "Terms")) }
    func itemsList() -> any ScreenModule { wrap(Screen(.itemsList, title: "Items")) }
    func itemDetail(_ item: Item) -> any ScreenModule {
        let screen = Screen(.itemDetail(item.id), title: "Item #\(item.id)")
        screen.itemRows = itemRows
        return wrap(screen)
    }
    func itemCreate() -> any ScreenModule { wrap(Screen(.itemCreate, title: "New item")) }
    func settings() -> any ScreenModule {
        let screen = Screen(.settings, title: "Settings")
        screen.databasePath = databasePath
        return wrap(screen)
    }
}
