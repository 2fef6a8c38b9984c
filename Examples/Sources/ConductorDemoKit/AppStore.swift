import Conductor

/// The demo's state: everything the screens show.
public struct AppState: Equatable, Sendable {
    public var onboardingShown = false
    public var user: String?
    public var items: [Item] = []
    public var showsIDs = true
    public var lastError: String?

    public func item(_ id: Int64) -> Item? { items.first { $0.id == id } }
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
        return [.insertItem(title)]
    case .itemAdded(let item), .itemRestored(let item):
        state.items.removeAll { $0.id == item.id }
        state.items.append(item)
        state.items.sort { $0.id < $1.id }
        return []
    case .removeItem(let id):
        return [.deleteItem(id)]
    case .itemRemoved(let id):
        state.items.removeAll { $0.id == id }
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
