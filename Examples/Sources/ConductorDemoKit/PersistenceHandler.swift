import Conductor

/// Writes to SQLite as effects arrive, off the main actor, and reports back what happened. The state changes only
/// through what it reports — the write done (`flagSaved`, `itemAdded`, …) or its failure, typed — so a failed write
/// changes nothing shown, and the command that asked for the write waits for the answer (`IntentCommand` sends and
/// waits) before the screen is printed.
struct PersistenceHandler: EffectHandler {
    let database: DemoDatabase

    func handle(effect: AppEffect, send: Send<AppIntent>) async throws {
        do throws(DemoDatabaseError) {
            switch effect {
            case .setFlag(let key, let value):
                try database.setFlag(key, to: value)
                await send(.flagSaved(key, value))
            case .insertItem(let title): await send(.itemAdded(try database.insertItem(title: title)))
            case .deleteItem(let id):
                try database.deleteItem(id: id)
                await send(.itemRemoved(id))
            case .restoreItem(let item):
                try database.restoreItem(item)
                await send(.itemRestored(item))
            case .renameItem(let id, let title):
                let previous = try database.renameItem(id: id, to: title)
                await send(.itemRenamed(Item(id: id, title: title), previous: previous))
            }
        } catch {
            await send(.persistenceFailed(error))
        }
    }
}
