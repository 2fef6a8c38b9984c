internal import ConductorSupport

/// What a dispatcher's handlers share: its name, its middleware and its in-flight registry.
///
/// Entries hold this strongly, and this holds the dispatcher weakly, so a route that reaches an entry can run the
/// middleware without keeping the dispatcher alive.
@MainActor
final class DispatcherCore {
    let name: String
    /// The dispatcher these handlers belong to, while it is alive.
    weak var dispatcher: ActionDispatcher?
    var middlewares: [any ActionMiddleware] = []
    let registry = InFlightRegistry()

    init(name: String) { self.name = name }

    func run<A: Action>(
        _ action: A,
        key: ActionKey,
        handler: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        if middlewares.isEmpty { return try handler(action) }
        let chain = middlewares
        let context = DispatchContext(action: key, dispatcher: name)
        func step(_ index: Int, _ action: A) throws -> A.ReturnType {
            guard index < chain.count else { return try handler(action) }
            return try chain[index].intercept(action, context: context) { try step(index + 1, $0) }
        }
        return try step(0, action)
    }

    func run<A: AsyncAction>(
        _ action: A,
        key: ActionKey,
        handler: @escaping @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        let registry = registry
        let name = name
        let guarded: @MainActor (A) async throws -> A.ReturnType = { action in
            try await Self.runUnlessReleased(action, key: key, dispatcher: name, registry: registry, handler: handler)
        }
        if middlewares.isEmpty { return try await guarded(action) }
        let chain = middlewares
        let context = DispatchContext(action: key, dispatcher: name)
        func step(_ index: Int, _ action: A) async throws -> A.ReturnType {
            guard index < chain.count else { return try await guarded(action) }
            return try await chain[index].intercept(action, context: context) { try await step(index + 1, $0) }
        }
        return try await step(0, action)
    }

    /// Runs `handler` in a task of its own so that the caller can be answered with
    /// ``ActionError/dispatcherReleased(action:dispatcher:)`` the moment the dispatcher goes away, even if the
    /// handler ignores the cancellation it is then sent.
    private static func runUnlessReleased<A: AsyncAction>(
        _ action: A,
        key: ActionKey,
        dispatcher: String,
        registry: InFlightRegistry,
        handler: @escaping @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        let task = Locked<Task<Void, Never>?>(nil)
        let released = ActionError.dispatcherReleased(action: key.name, dispatcher: dispatcher)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let once = ResumeOnce(continuation)
                let id = registry.insert {
                    once.resume(with: .failure(released))
                    task.withLock { $0?.cancel() }
                }
                guard let id else {
                    once.resume(with: .failure(released))
                    return
                }
                // This closure runs synchronously on the main actor, so the task below cannot start (and remove
                // `id`) before `id` is inserted above.
                let running = Task { @MainActor in
                    let result: Result<A.ReturnType, any Error>
                    do { result = .success(try await handler(action)) } catch { result = .failure(error) }
                    registry.remove(id)
                    once.resume(with: result)
                }
                task.withLock { $0 = running }
                if Task.isCancelled { running.cancel() }
            }
        } onCancel: {
            task.withLock { $0?.cancel() }
        }
    }
}
