import Conductor

/// The demo's state: everything the screens show.
public struct AppState: Equatable, Sendable {
    public var onboardingShown = false
    public var user: String?
    public var items: [Item] = []
    public var showsIDs = true
    /// The failure of the last write, cleared by the next write intent.
    public var lastError: String?
    /// The item the last `addItem` created, once the database has given it an id.
    public var lastAdded: Item?

    /// The item with this id; `items` is sorted by id, so a binary search.
    public func item(_ id: Int64) -> Item? {
        let index = items.insertionIndex(of: id)
        return index < items.count && items[index].id == id ? items[index] : nil
    }

    /// Inserts an item in id order, replacing one with the same id: O(1) for a new item, which has the largest id.
    mutating func insert(_ item: Item) {
        if items.last.map({ $0.id < item.id }) ?? true { return items.append(item) }
        let index = items.insertionIndex(of: item.id)
        if index < items.count && items[index].id == item.id {
            items[index] = item
        } else {
            items.insert(item, at: index)
        }
    }

    mutating func removeItem(_ id: Int64) {
        let index = items.insertionIndex(of: id)
        if index < items.count && items[index].id == id { items.remove(at: index) }
    }
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

public enum AppIntent: Intent, Equatable {
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
    case toggleIDs
    case persistenceFailed(String)
}

public enum AppEffect: Effect, Equatable {
    case setFlag(String, String?)
    case insertItem(String)
    case deleteItem(Int64)
    case restoreItem(Item)
}

/// The pure reducer: changes state and asks for persistence effects.
public func appReducer(_ state: inout AppState, _ intent: AppIntent) -> [AppEffect] {
    switch intent {
    case .loaded, .itemAdded, .itemRemoved, .itemRestored, .persistenceFailed: break
    default:
        // A new write: whatever failed before is not this write's failure.
        state.lastError = nil
    }
    switch intent {
    case .loaded(let snapshot):
        state.items = snapshot.items
        state.onboardingShown = snapshot.flags["onboardingShown"] == "1"
        state.user = snapshot.flags["user"]
        state.showsIDs = snapshot.flags["showsIDs"] != "0"
        return []
    case .finishOnboarding:
        state.onboardingShown = true
        return [.setFlag("onboardingShown", "1")]
    case .logIn(let user):
        state.user = user
        return [.setFlag("user", user)]
    case .logOut:
        state.user = nil
        return [.setFlag("user", nil)]
    case .addItem(let title):
        state.lastAdded = nil
        return [.insertItem(title)]
    case .itemAdded(let item):
        state.insert(item)
        state.lastAdded = item
        return []
    case .itemRestored(let item):
        state.insert(item)
        return []
    case .removeItem(let id):
        return [.deleteItem(id)]
    case .itemRemoved(let id):
        state.removeItem(id)
        return []
    case .restoreItem(let item):
        return [.restoreItem(item)]
    case .toggleIDs:
        state.showsIDs.toggle()
        return [.setFlag("showsIDs", state.showsIDs ? "1" : "0")]
    case .persistenceFailed(let message):
        state.lastError = message
        return []
    }
}

/// Writes to SQLite as effects arrive, synchronously on the main actor, and reports back what happened.
@MainActor
final class PersistenceHandler: CallbackEffectHandler {
    let database: DemoDatabase
    init(database: DemoDatabase) { self.database = database }

    func handle(effect: AppEffect, dispatch: @escaping DispatchFunction<AppIntent>) {
        do {
            switch effect {
            case .setFlag(let key, let value): try database.setFlag(key, to: value)
            case .insertItem(let title): dispatch(.itemAdded(try database.insertItem(title: title)))
            case .deleteItem(let id):
                try database.deleteItem(id: id)
                dispatch(.itemRemoved(id))
            case .restoreItem(let item):
                try database.restoreItem(item)
                dispatch(.itemRestored(item))
            }
        } catch {
            dispatch(.persistenceFailed(error.description))
        }
    }
}
