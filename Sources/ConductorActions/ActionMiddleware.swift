/// Code that runs around every dispatch on a dispatcher: before the handler, after it, and when it fails.
///
/// A middleware receives the action and a `next` function that runs the rest of the chain (the remaining middleware,
/// then the handler). It may act before calling `next`, inspect or replace the result after it, catch its error, or
/// not call `next` at all to short-circuit the dispatch with a result or an error of its own.
///
/// ```swift
/// struct Timing: ActionMiddleware {
///     func intercept<A: Action>(
///         _ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType
///     ) throws -> A.ReturnType {
///         let start = ContinuousClock.now
///         defer { print(context.action.shortName, ContinuousClock.now - start) }
///         return try next(action)
///     }
/// }
/// dispatcher.middlewares.append(Timing())
/// ```
///
/// Both requirements have default implementations that just call `next`, so a middleware implements only the kinds
/// of action it cares about. Middleware runs on the main actor, in the order of ``ActionDispatcher/middlewares``:
/// the first one is the outermost.
@MainActor
public protocol ActionMiddleware {
    /// Runs around the dispatch of a synchronous action.
    /// - Parameters:
    ///   - action: The action being dispatched.
    ///   - context: Which action type and dispatcher this dispatch is about.
    ///   - next: Runs the rest of the chain and the handler; call it at most once.
    /// - Returns: The result to give the sender: usually what `next` returned.
    func intercept<A: Action>(
        _ action: A,
        context: DispatchContext,
        next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType

    /// Runs around the dispatch of an asynchronous action.
    /// - Parameters:
    ///   - action: The action being dispatched.
    ///   - context: Which action type and dispatcher this dispatch is about.
    ///   - next: Runs the rest of the chain and the handler; call it at most once.
    /// - Returns: The result to give the sender: usually what `next` returned.
    func intercept<A: AsyncAction>(
        _ action: A,
        context: DispatchContext,
        next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType
}

extension ActionMiddleware {
    /// Passes the action on unchanged.
    public func intercept<A: Action>(
        _ action: A,
        context: DispatchContext,
        next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        try next(action)
    }

    /// Passes the action on unchanged.
    public func intercept<A: AsyncAction>(
        _ action: A,
        context: DispatchContext,
        next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        try await next(action)
    }
}
