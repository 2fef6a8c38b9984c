import Conductor

/// The demo's state: everything the screens show. Each flow reads the part it owns.
public struct AppState: Equatable, Sendable, Codable {
    /// Onboarding and the signed-in user.
    public var session = Session()
    /// The items list, and the outcome of the last write to it.
    public var items = ItemsState()
    /// What the Settings tab changes; the Settings flow works on it through a scoped store.
    public var settings = SettingsState()
}

/// Onboarding and the signed-in user.
public struct Session: Equatable, Sendable, Codable {
    public var onboardingShown = false
    public var user: String?
}

/// The items, sorted by id.
public struct ItemsState: Equatable, Sendable, Codable {
    public var all: [Item] = []

    /// The item with this id, by binary search.
    public func item(_ id: Int64) -> Item? {
        let index = all.insertionIndex(of: id)
        return index < all.count && all[index].id == id ? all[index] : nil
    }

    /// Inserts an item in id order, replacing one with the same id: O(1) for a new item, which has the largest id.
    mutating func insert(_ item: Item) {
        if all.last.map({ $0.id < item.id }) ?? true { return all.append(item) }
        let index = all.insertionIndex(of: item.id)
        if index < all.count && all[index].id == item.id { all[index] = item } else { all.insert(item, at: index) }
    }

    mutating func remove(_ id: Int64) {
        let index = all.insertionIndex(of: id)
        if index < all.count && all[index].id == id { all.remove(at: index) }
    }
}

/// What the Settings tab changes.
public struct SettingsState: Equatable, Sendable, Codable {
    public var showsIDs = true
}

extension AppState {
    /// Shows what a flag of the database holds: the one place a flag becomes state, at launch and after each write
    /// the database has made. An unknown key changes nothing.
    mutating func show(flag key: String, _ value: String?) {
        switch key {
        case "onboardingShown": session.onboardingShown = value == "1"
        case "user": session.user = value
        case "showsIDs": settings.showsIDs = value != "0"
        default: break
        }
    }

    /// The flags the state shows.
    static let flagKeys = ["onboardingShown", "user", "showsIDs"]
}

extension [Item] {
    /// The index of the first item whose id is not less than `id`.
    func insertionIndex(of id: Int64) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// What can change the state.
public enum AppIntent: Intent, Equatable, Codable {
    case loaded(Snapshot)
    case finishOnboarding
    case logIn(String)
    case logOut
    case addItem(String)
    case itemAdded(Item)
    case removeItem(Int64)
    case itemRemoved(Int64)
    case restoreItem(Item)
    case itemRestored(Item)
    /// An item's own intent, as its row's store sends it (``DemoApp/itemRows``).
    case item(id: Int64, ItemIntent)
    /// The database gave an item a new title; `previous` is the one it replaced (what undo restores).
    case itemRenamed(Item, previous: String)
    case settings(SettingsIntent)
    /// The database has set a flag (`nil`: removed it); sent by persistence only, after the write succeeded.
    case flagSaved(String, String?)
    /// The database refused a write; the state is unchanged, and the command that asked for it fails with `error`.
    case persistenceFailed(DemoDatabaseError)

    /// The item this intent reports added: a `Save` command's answer.
    var addedItem: Item? { if case .itemAdded(let item) = self { item } else { nil } }
    /// The item this intent reports renamed, with the title it had: a `Rename` command's answer.
    var renamedItem: (item: Item, previous: String)? {
        if case .itemRenamed(let item, let previous) = self { (item, previous) } else { nil }
    }
    /// The failure this intent reports: what fails the command whose write it was.
    var failure: DemoDatabaseError? { if case .persistenceFailed(let error) = self { error } else { nil } }
}

/// An item's own intents: what its row's store (``DemoApp/itemRows``) sends, mapped into
/// ``AppIntent/item(id:_:)``.
public enum ItemIntent: Intent, Equatable, Codable {
    /// Gives the item a new title, once the database has written it.
    case rename(String)
}

/// The Settings flow's intents, mapped into ``AppIntent/settings(_:)`` by its scoped store.
public enum SettingsIntent: Intent, Equatable, Codable {
    case toggleIDs
    /// The database refused the Settings flow's write: the app's ``AppIntent/persistenceFailed(_:)`` as the flow's
    /// scoped store hands it back.
    case failed(DemoDatabaseError)

    /// The failure this intent reports.
    var failure: DemoDatabaseError? { if case .failed(let error) = self { error } else { nil } }
}

/// What the reducer asks for: writes to the database, and one navigation effect.
public enum AppEffect: Effect, Equatable {
    case setFlag(String, String?)
    case insertItem(String)
    case deleteItem(Int64)
    case restoreItem(Item)
    case renameItem(id: Int64, title: String)
}

/// The demo's store.
public typealias AppStore = Store<AppState, AppIntent, AppEffect>

/// The pure reducer: changes the state and asks for effects.
///
/// What the database holds changes the state only once the database has written it — `itemAdded`, `itemRemoved`,
/// `itemRestored`, `itemRenamed`, `flagSaved` — never when the write is asked for: a write that fails leaves the screen showing
/// what the database holds, and its failure fails the command that asked for it.
public func appReducer(_ state: inout AppState, _ intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .loaded(let snapshot):
        state.items.all = snapshot.items
        for key in AppState.flagKeys { state.show(flag: key, snapshot.flags[key]) }
        return []
    case .finishOnboarding:
        return [.setFlag("onboardingShown", "1")]
    case .logIn(let user):
        return [.setFlag("user", user)]
    case .logOut:
        return [.setFlag("user", nil)]
    case .addItem(let title):
        return [.insertItem(title)]
    case .itemAdded(let item):
        state.items.insert(item)
        return []
    case .removeItem(let id):
        return [.deleteItem(id)]
    case .itemRemoved(let id):
        state.items.remove(id)
        return []
    case .restoreItem(let item):
        return [.restoreItem(item)]
    case .itemRestored(let item):
        state.items.insert(item)
        return []
    case .item(let id, .rename(let title)):
        // Written even for an id the list lacks: the database then refuses it, and the command that asked fails.
        return [.renameItem(id: id, title: title)]
    case .itemRenamed(let item, _):
        state.items.insert(item)
        return []
    case .settings(.toggleIDs):
        return [.setFlag("showsIDs", state.settings.showsIDs ? "0" : "1")]
    case .settings(.failed):
        return []
    case .flagSaved(let key, let value):
        state.show(flag: key, value)
        return []
    case .persistenceFailed:
        return []
    }
}
