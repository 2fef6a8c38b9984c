/// A registered handler. Routers hold entries weakly; only their dispatcher holds them strongly.
@MainActor
class HandlerEntry {
    let key: ActionKey
    let core: DispatcherCore
    weak var dispatcher: ActionDispatcher?

    init(key: ActionKey, core: DispatcherCore, dispatcher: ActionDispatcher) {
        self.key = key
        self.core = core
        self.dispatcher = dispatcher
    }

    /// Whether the dispatcher that registered this entry is still alive.
    var isLive: Bool { !core.registry.isReleased }
}

@MainActor
final class SyncHandlerEntry<A: Action>: HandlerEntry {
    let handler: @MainActor (A) throws -> A.ReturnType

    init(core: DispatcherCore, dispatcher: ActionDispatcher, handler: @escaping @MainActor (A) throws -> A.ReturnType) {
        self.handler = handler
        super.init(key: ActionKey(A.self), core: core, dispatcher: dispatcher)
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

    init(
        core: DispatcherCore,
        dispatcher: ActionDispatcher,
        handler: @escaping @MainActor (A) async throws -> A.ReturnType
    ) {
        self.handler = handler
        super.init(key: ActionKey(A.self), core: core, dispatcher: dispatcher)
    }
}
