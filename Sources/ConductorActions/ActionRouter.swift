/// Routes each sent action to the one live dispatcher that handles its type, without the sender knowing which.
///
/// ``shared`` is the router dispatchers join by default and ``Action/send(to:)`` sends through. Create independent
/// routers for tests and for modules that must not see each other's actions:
///
/// ```swift
/// let router = ActionRouter(name: "Tests")
/// let dispatcher = ActionDispatcher(router: router)
/// try dispatcher.register(ShowProfile.self) { _ in }
/// try ShowProfile(id: 3).send(to: router)
/// ```
///
/// The router holds dispatchers weakly. Each action type maps to its handler in one hash table, so a send costs one
/// lookup whatever the number of dispatchers and action types. When a dispatcher is released its routes vanish with
/// it; a later registration of the same type on another dispatcher then succeeds.
@MainActor
public final class ActionRouter {
    /// The router dispatchers join unless told otherwise, and that `send()` uses by default.
    public static let shared = ActionRouter(name: "shared")

    /// The name used in error messages and logs.
    public nonisolated let name: String

    /// A weak reference to a handler. A class, so that reading it out of the table copies one strong reference
    /// rather than a weak one (which would touch the entry's side table twice more per send).
    private final class Route {
        weak var entry: HandlerEntry?
        init(entry: HandlerEntry) { self.entry = entry }
    }

    private struct Member {
        weak var dispatcher: ActionDispatcher?
    }

    /// Middleware around every action sent through this router, whichever dispatcher handles it — outside the
    /// dispatcher's own ``ActionDispatcher/middlewares``. A send that no live dispatcher handles passes through them
    /// too (its `next` throws ``ActionError/unhandled(action:router:dispatchers:)``, and its context names no
    /// dispatcher), so a router-wide observer such as an inspector sees every send and its outcome. Empty by default;
    /// an empty list costs one check per send.
    public var middlewares: [any ActionMiddleware] = []

    private var syncRoutes: [ObjectIdentifier: Route] = [:]
    private var asyncRoutes: [ObjectIdentifier: Route] = [:]
    private var members: [ObjectIdentifier: Member] = [:]

    /// Creates an independent router.
    /// - Parameter name: A name for error messages and logs.
    public nonisolated init(name: String) {
        self.name = name
    }

    // MARK: Sending

    /// Sends a synchronous action to the live dispatcher that handles it and returns the handler's result.
    /// - Throws: ``ActionError/unhandled(action:router:dispatchers:)`` when no live dispatcher handles the type, or
    ///   whatever the handler or a middleware throws.
    @discardableResult
    public func send<A: Action>(_ action: A) throws -> A.ReturnType {
        guard middlewares.isEmpty, !Causes.observesActions else {
            return try Causes.run(.action, ActionKey(A.self).shortName) { try sendThroughMiddlewares(action) }
        }
        guard let entry = syncRoutes[ObjectIdentifier(A.self)]?.entry else {
            throw unhandled(String(reflecting: A.self), removing: ObjectIdentifier(A.self), from: \.syncRoutes)
        }
        // Sound: `syncRoutes[ObjectIdentifier(A.self)]` only ever refers to a `SyncHandlerEntry<A>`.
        return try unsafeDowncast(entry, to: SyncHandlerEntry<A>.self).run(action)
    }

    /// Sends an asynchronous action to the live dispatcher that handles it and returns the handler's result.
    /// - Throws: ``ActionError/unhandled(action:router:dispatchers:)`` when no live dispatcher handles the type,
    ///   ``ActionError/dispatcherReleased(action:dispatcher:)`` when the dispatcher is released before its handler
    ///   finishes, or whatever the handler or a middleware throws.
    @discardableResult
    public func send<A: AsyncAction>(_ action: A) async throws -> A.ReturnType {
        // Resolve in a synchronous step so that nothing here keeps the entry (and so the route) alive while the
        // handler runs: the dispatcher may be released meanwhile, and its route must vanish at once.
        guard middlewares.isEmpty, !Causes.observesActions else {
            return try await Causes.run(.action, ActionKey(A.self).shortName) {
                try await sendThroughMiddlewares(action)
            }
        }
        let (core, key, handler) = try resolve(A.self)
        return try await core.run(action, key: key, handler: handler)
    }

    private func sendThroughMiddlewares<A: Action>(_ action: A) throws -> A.ReturnType {
        let entry = syncRoutes[ObjectIdentifier(A.self)]?.entry
        let context = DispatchContext(action: ActionKey(A.self), dispatcher: entry?.core.name ?? "")
        let chain = middlewares
        func step(_ index: Int, _ action: A) throws -> A.ReturnType {
            guard index < chain.count else {
                guard let entry = syncRoutes[ObjectIdentifier(A.self)]?.entry else {
                    throw unhandled(String(reflecting: A.self), removing: ObjectIdentifier(A.self), from: \.syncRoutes)
                }
                // Sound: as in `send(_:)`.
                return try unsafeDowncast(entry, to: SyncHandlerEntry<A>.self).run(action)
            }
            return try chain[index].intercept(action, context: context) { try step(index + 1, $0) }
        }
        return try step(0, action)
    }

    private func sendThroughMiddlewares<A: AsyncAction>(_ action: A) async throws -> A.ReturnType {
        let entry = asyncRoutes[ObjectIdentifier(A.self)]?.entry
        let context = DispatchContext(
            action: ActionKey(A.self), dispatcher: entry?.isLive == true ? entry?.core.name ?? "" : "")
        let chain = middlewares
        func step(_ index: Int, _ action: A) async throws -> A.ReturnType {
            guard index < chain.count else {
                let (core, key, handler) = try resolve(A.self)
                return try await core.run(action, key: key, handler: handler)
            }
            return try await chain[index].intercept(action, context: context) { try await step(index + 1, $0) }
        }
        return try await step(0, action)
    }

    private func resolve<A: AsyncAction>(
        _ type: A.Type
    ) throws -> (DispatcherCore, ActionKey, @MainActor (A) async throws -> A.ReturnType) {
        guard let entry = asyncRoutes[ObjectIdentifier(A.self)]?.entry, entry.isLive else {
            throw unhandled(String(reflecting: A.self), removing: ObjectIdentifier(A.self), from: \.asyncRoutes)
        }
        // Sound: `asyncRoutes[ObjectIdentifier(A.self)]` only ever refers to an `AsyncHandlerEntry<A>`.
        let typed = unsafeDowncast(entry, to: AsyncHandlerEntry<A>.self)
        return (typed.core, typed.key, typed.handler)
    }

    // MARK: Querying

    /// Whether a live dispatcher of this router handles a synchronous action type.
    public func isRegistered<A: Action>(_ type: A.Type) -> Bool {
        syncRoutes[ObjectIdentifier(type)]?.entry?.isLive ?? false
    }

    /// Whether a live dispatcher of this router handles an asynchronous action type.
    public func isRegistered<A: AsyncAction>(_ type: A.Type) -> Bool {
        asyncRoutes[ObjectIdentifier(type)]?.entry?.isLive ?? false
    }

    /// The live dispatcher that handles a synchronous action type, if any.
    package func dispatcher<A: Action>(for type: A.Type) -> ActionDispatcher? {
        syncRoutes[ObjectIdentifier(type)]?.entry?.dispatcher
    }

    /// The live dispatcher that handles an asynchronous action type, if any.
    package func dispatcher<A: AsyncAction>(for type: A.Type) -> ActionDispatcher? {
        asyncRoutes[ObjectIdentifier(type)]?.entry?.dispatcher
    }

    /// The action types live dispatchers of this router handle, sorted by name.
    package var registeredActions: [ActionKey] {
        (syncRoutes.values.compactMap(\.entry) + asyncRoutes.values.compactMap(\.entry))
            .filter(\.isLive).map(\.key).sorted { $0.name < $1.name }
    }

    /// The live dispatchers joined to this router, sorted by name.
    package var dispatchers: [ActionDispatcher] {
        members.values.compactMap(\.dispatcher).sorted { $0.name < $1.name }
    }

    // MARK: Membership (called by ActionDispatcher)

    /// How many member slots joining has visited while dropping released dispatchers, for tests of its cost.
    package private(set) var memberSlotsScanned = 0

    /// The member count at which joining next drops released dispatchers: twice the live count of the last sweep,
    /// so that sweeps cost O(1) amortized per join while dead slots stay at most half the table.
    private var sweepThreshold = 16

    func join(_ dispatcher: ActionDispatcher) {
        if members.count >= sweepThreshold {
            memberSlotsScanned += members.count
            members = members.filter { $0.value.dispatcher != nil }
            sweepThreshold = max(16, 2 * members.count)
        }
        members[ObjectIdentifier(dispatcher)] = Member(dispatcher: dispatcher)
    }

    func claim(_ entry: HandlerEntry, for dispatcher: ActionDispatcher) throws(ActionError) {
        let id = entry.key.id
        for existing in [syncRoutes[id]?.entry, asyncRoutes[id]?.entry] {
            if let existing, existing.isLive, existing !== entry {
                throw .duplicateHandler(
                    action: entry.key.name,
                    existing: existing.core.name,
                    rejected: dispatcher.name,
                    router: name
                )
            }
        }
        if entry.key.isAsync {
            syncRoutes[id] = nil
            asyncRoutes[id] = Route(entry: entry)
        } else {
            asyncRoutes[id] = nil
            syncRoutes[id] = Route(entry: entry)
        }
    }

    func release(_ entry: HandlerEntry) {
        let id = entry.key.id
        if syncRoutes[id]?.entry === entry { syncRoutes[id] = nil }
        if asyncRoutes[id]?.entry === entry { asyncRoutes[id] = nil }
    }

    private func unhandled(
        _ action: String,
        removing id: ObjectIdentifier,
        from table: ReferenceWritableKeyPath<ActionRouter, [ObjectIdentifier: Route]>
    ) -> ActionError {
        // Drop a route whose dispatcher is gone, so the table does not keep dead slots.
        if self[keyPath: table][id] != nil { self[keyPath: table][id] = nil }
        return .unhandled(action: action, router: name, dispatchers: dispatchers.map(\.name))
    }
}
