/// A registered handler. Routers hold entries weakly; only their dispatcher holds them strongly.
///
/// Kept small — a key, the dispatcher's shared core and the handler, 56 bytes with the object header — because
/// there is one per registered handler: the dispatcher itself is reached through the core.
@MainActor
class HandlerEntry {
    let key: ActionKey
    let core: DispatcherCore

    init(key: ActionKey, core: DispatcherCore) {
        self.key = key
        self.core = core
    }

    /// The dispatcher that registered this entry, while it is alive.
    var dispatcher: ActionDispatcher? { core.dispatcher }

    /// Whether the dispatcher that registered this entry is still alive.
    var isLive: Bool { !core.registry.isReleased }
}

@MainActor
final class SyncHandlerEntry<A: Action>: HandlerEntry {
    let handler: @MainActor (A) throws -> A.ReturnType

    init(core: DispatcherCore, handler: @escaping @MainActor (A) throws -> A.ReturnType) {
        self.handler = handler
        super.init(key: ActionKey(A.self), core: core)
    }

    @inline(__always)
    func run(_ action: A) throws -> A.ReturnType {
        if core.middlewares.isEmpty { return try handler(action) }
        return try core.run(action, key: key, handler: handler)
    }
}

@MainActor
final class AsyncHandlerEntry<A: AsyncAction>: HandlerEntry {
    let handler: @MainActor (A) async throws -> A.ReturnType

    init(core: DispatcherCore, handler: @escaping @MainActor (A) async throws -> A.ReturnType) {
        self.handler = handler
        super.init(key: ActionKey(A.self), core: core)
    }
}
