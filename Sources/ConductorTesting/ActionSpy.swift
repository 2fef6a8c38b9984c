public import ConductorActions

/// A middleware that remembers every action dispatched through it, for assertions in tests.
///
/// ```swift
/// let spy = ActionSpy()
/// dispatcher.middlewares.append(spy)
/// try ShowProfile(id: 3).send(to: router)
/// #expect(spy.dispatched.map(\.shortName) == ["ShowProfile"])
/// ```
@MainActor
public final class ActionSpy: ActionMiddleware {
    /// The action types dispatched so far, in order, including those whose handler failed.
    public private(set) var dispatched: [ActionKey] = []
    /// The actions dispatched so far, in order.
    public private(set) var actions: [any Sendable] = []

    /// Creates an empty spy.
    public init() {}

    /// Records the action, then passes it on.
    public func intercept<A: Action>(
        _ action: A,
        context: DispatchContext,
        next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        record(action, context)
        return try next(action)
    }

    /// Records the action, then passes it on.
    public func intercept<A: AsyncAction>(
        _ action: A,
        context: DispatchContext,
        next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        record(action, context)
        return try await next(action)
    }

    /// The recorded actions of one type, in order.
    public func actions<A: Sendable>(of type: A.Type) -> [A] { actions.compactMap { $0 as? A } }

    /// Forgets everything recorded.
    public func reset() {
        dispatched.removeAll()
        actions.removeAll()
    }

    private func record(_ action: any Sendable, _ context: DispatchContext) {
        dispatched.append(context.action)
        actions.append(action)
    }
}
