/// Holds exactly one handler per action type and runs it when an action of that type is dispatched.
///
/// A dispatcher joins ``ActionRouter/shared`` when it is created (pass another router, or `nil` to opt out), so
/// that its actions can be sent from anywhere with ``Action/send(to:)``. The router holds it weakly: keep the
/// dispatcher alive, typically as a property of the coordinator or feature that registers the handlers. When it is
/// released its routes are gone and its in-flight asynchronous handlers are cancelled.
///
/// ```swift
/// let dispatcher = ActionDispatcher(name: "Profile")
/// try dispatcher.register(ShowProfile.self) { action in showProfile(action.id) }
/// try dispatcher.register(FetchUser.self) { action in try await api.user(action.id) }
///
/// try dispatcher.dispatch(ShowProfile(id: 3))      // directly
/// try ShowProfile(id: 3).send()                    // or through the router
/// ```
///
/// Registering a second handler for a type, here or on another dispatcher of the same router, throws
/// ``ActionError/duplicateHandler(action:existing:rejected:router:)``.
///
/// Dispatchers live on the main actor: handlers, middleware and the handler table are only touched there, so they
/// are race-free by construction. Code on other actors sends with `await`.
@MainActor
public final class ActionDispatcher {
    /// The name used in error messages and logs; by default the file and line that created the dispatcher.
    public nonisolated let name: String
    /// The router this dispatcher joined, or `nil` when routing is disabled for it.
    public nonisolated let router: ActionRouter?

    let core: DispatcherCore
    // Read by the nonisolated `deinit`; a `let` of a Sendable type.
    private nonisolated let registry: InFlightRegistry
    private var syncEntries: [ObjectIdentifier: HandlerEntry] = [:]
    private var asyncEntries: [ObjectIdentifier: HandlerEntry] = [:]

    /// Creates a dispatcher and joins it to `router`.
    /// - Parameters:
    ///   - name: A name for error messages and logs. Defaults to `ActionDispatcher@File.swift:line`.
    ///   - router: The router that routes sent actions to this dispatcher, ``ActionRouter/shared`` by default;
    ///     `nil` keeps the dispatcher private, reachable only through `dispatch(_:)`.
    ///   - fileID: The file that creates the dispatcher, for the default name; leave it to the compiler.
    ///   - line: The line that creates the dispatcher, for the default name; leave it to the compiler.
    public init(
        name: String? = nil,
        router: ActionRouter? = .shared,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let name = name ?? "ActionDispatcher@\(Self.fileName(fileID)):\(line)"
        self.name = name
        self.router = router
        self.core = DispatcherCore(name: name)
        self.registry = core.registry
        core.dispatcher = self
        router?.join(self)
    }

    deinit {
        registry.release()
    }

    // MARK: Middleware

    /// The middleware that runs around every dispatch on this dispatcher, outermost first.
    ///
    /// Applies to actions dispatched directly and to actions that reach this dispatcher through its router.
    public var middlewares: [any ActionMiddleware] {
        get { core.middlewares }
        set { core.middlewares = newValue }
    }

    // MARK: Registering

    /// Registers the one handler for a synchronous action type.
    /// - Parameters:
    ///   - type: The action type.
    ///   - handler: Handles an action and returns its result; runs on the main actor.
    /// - Throws: ``ActionError/duplicateHandler(action:existing:rejected:router:)`` when this dispatcher, or another
    ///   live dispatcher of its router, already handles `type`. Nothing is registered then.
    public func register<A: Action>(
        _ type: A.Type = A.self,
        handler: @escaping @MainActor (A) throws -> A.ReturnType
    ) throws(ActionError) {
        try add(SyncHandlerEntry(core: core, handler: handler), to: \.syncEntries)
    }

    /// Registers the one handler for an asynchronous action type.
    /// - Parameters:
    ///   - type: The action type.
    ///   - handler: Handles an action; starts on the main actor and may suspend and throw.
    /// - Throws: ``ActionError/duplicateHandler(action:existing:rejected:router:)`` when this dispatcher, or another
    ///   live dispatcher of its router, already handles `type`. Nothing is registered then.
    public func register<A: AsyncAction>(
        _ type: A.Type = A.self,
        handler: @escaping @MainActor (A) async throws -> A.ReturnType
    ) throws(ActionError) {
        try add(AsyncHandlerEntry(core: core, handler: handler), to: \.asyncEntries)
    }

    /// Registers a handler object for its synchronous action type; the dispatcher keeps the object.
    /// - Throws: ``ActionError/duplicateHandler(action:existing:rejected:router:)`` as `register(_:handler:)`.
    package func register<H: ActionHandler>(handler: H) throws(ActionError) {
        try register(H.HandledAction.self) { action in try handler.handle(action: action) }
    }

    /// Registers a handler object for its asynchronous action type; the dispatcher keeps the object.
    /// - Throws: ``ActionError/duplicateHandler(action:existing:rejected:router:)`` as `register(_:handler:)`.
    package func register<H: AsyncActionHandler>(handler: H) throws(ActionError) {
        try register(H.HandledAction.self) { action in try await handler.handle(action: action) }
    }

    /// Removes the handler of a synchronous action type, here and from the router.
    /// - Returns: Whether a handler was registered.
    @discardableResult
    public func unregister<A: Action>(_ type: A.Type) -> Bool {
        remove(ObjectIdentifier(type), from: \.syncEntries)
    }

    /// Removes the handler of an asynchronous action type, here and from the router.
    /// - Returns: Whether a handler was registered.
    @discardableResult
    public func unregister<A: AsyncAction>(_ type: A.Type) -> Bool {
        remove(ObjectIdentifier(type), from: \.asyncEntries)
    }

    /// Removes every handler of this dispatcher, here and from the router: what a coordinator's flow does when it
    /// ends, so that its routes leave when it finishes, not when the last reference to it goes.
    public func unregisterAll() {
        for id in Array(syncEntries.keys) { remove(id, from: \.syncEntries) }
        for id in Array(asyncEntries.keys) { remove(id, from: \.asyncEntries) }
    }

    // MARK: Querying

    /// Whether this dispatcher has a handler for a synchronous action type.
    package func supports<A: Action>(_ type: A.Type) -> Bool { syncEntries[ObjectIdentifier(type)] != nil }

    /// Whether this dispatcher has a handler for an asynchronous action type.
    package func supports<A: AsyncAction>(_ type: A.Type) -> Bool { asyncEntries[ObjectIdentifier(type)] != nil }

    /// The action types this dispatcher handles, sorted by name.
    package var registeredActions: [ActionKey] {
        (syncEntries.values.map(\.key) + asyncEntries.values.map(\.key)).sorted { $0.name < $1.name }
    }

    // MARK: Dispatching

    /// Runs the handler of a synchronous action, through this dispatcher's middleware, and returns its result.
    /// - Throws: ``ActionError/notRegistered(action:dispatcher:)`` when no handler is registered for the type, or
    ///   whatever the handler or a middleware throws.
    @discardableResult
    public func dispatch<A: Action>(_ action: A) throws -> A.ReturnType {
        guard let entry = syncEntries[ObjectIdentifier(A.self)] else {
            throw ActionError.notRegistered(action: String(reflecting: A.self), dispatcher: name)
        }
        // Sound: `syncEntries[ObjectIdentifier(A.self)]` is only ever assigned a `SyncHandlerEntry<A>`.
        return try unsafeDowncast(entry, to: SyncHandlerEntry<A>.self).run(action)
    }

    /// Runs the handler of an asynchronous action, through this dispatcher's middleware, and returns its result.
    /// - Throws: ``ActionError/notRegistered(action:dispatcher:)`` when no handler is registered for the type,
    ///   `CancellationError` or what the handler throws when the calling task is cancelled, or whatever the handler
    ///   or a middleware throws.
    @discardableResult
    public func dispatch<A: AsyncAction>(_ action: A) async throws -> A.ReturnType {
        guard let entry = asyncEntries[ObjectIdentifier(A.self)] else {
            throw ActionError.notRegistered(action: String(reflecting: A.self), dispatcher: name)
        }
        // Sound: `asyncEntries[ObjectIdentifier(A.self)]` is only ever assigned an `AsyncHandlerEntry<A>`.
        let typed = unsafeDowncast(entry, to: AsyncHandlerEntry<A>.self)
        return try await core.run(action, key: typed.key, handler: typed.handler)
    }

    /// Dispatches an asynchronous action and calls `completion` on the main actor with its outcome.
    /// - Returns: The task running the dispatch; cancel it to cancel the handler.
    @discardableResult
    package func dispatch<A: AsyncAction>(
        _ action: A,
        completion: @escaping @MainActor (Result<A.ReturnType, any Error>) -> Void
    ) -> Task<Void, Never> {
        Task { @MainActor in
            do { completion(.success(try await self.dispatch(action))) } catch { completion(.failure(error)) }
        }
    }

    // MARK: Internals

    private func add(
        _ entry: HandlerEntry,
        to table: ReferenceWritableKeyPath<ActionDispatcher, [ObjectIdentifier: HandlerEntry]>
    ) throws(ActionError) {
        let id = entry.key.id
        if syncEntries[id] != nil || asyncEntries[id] != nil {
            throw .duplicateHandler(action: entry.key.name, existing: name, rejected: name, router: router?.name)
        }
        try router?.claim(entry, for: self)
        self[keyPath: table][id] = entry
    }

    @discardableResult
    private func remove(
        _ id: ObjectIdentifier,
        from table: ReferenceWritableKeyPath<ActionDispatcher, [ObjectIdentifier: HandlerEntry]>
    ) -> Bool {
        guard let entry = self[keyPath: table].removeValue(forKey: id) else { return false }
        router?.release(entry)
        return true
    }

    private static func fileName(_ fileID: StaticString) -> Substring {
        let path = "\(fileID)"
        return path.split(separator: "/").last ?? Substring(path)
    }
}
