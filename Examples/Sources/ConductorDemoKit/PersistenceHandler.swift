import Conductor

/// Writes to SQLite as effects arrive, synchronously on the main actor, and reports back what happened: so every
/// screen printed after a command reflects the database. The state changes only through what it reports — the
/// write done (`flagSaved`, `itemAdded`, …) or its failure — so a failed write changes nothing shown.
@MainActor
final class PersistenceHandler: CallbackEffectHandler {
    let database: DemoDatabase
    init(database: DemoDatabase) { self.database = database }

    func handle(effect: AppEffect, dispatch: @escaping DispatchFunction<AppIntent>) {
        do {
            switch effect {
            case .setFlag(let key, let value):
                try database.setFlag(key, to: value)
                dispatch(.flagSaved(key, value))
            case .insertItem(let title): dispatch(.itemAdded(try database.insertItem(title: title)))
            case .deleteItem(let id):
                try database.deleteItem(id: id)
                dispatch(.itemRemoved(id))
            case .restoreItem(let item):
                try database.restoreItem(item)
                dispatch(.itemRestored(item))
            }
        } catch {
            dispatch(.persistenceFailed(error))
        }
    }
}
