public import ConductorActions
internal import ConductorSupport
internal import Foundation

/// The seed library's dispatcher, kept so that its users migrate by changing the import.
///
/// Every call forwards to a Conductor `ConductorActions.ActionDispatcher` (``dispatcher``), so actions registered
/// here are routed by `ConductorActions.ActionRouter.shared` like any other. The calls keep the seed's shapes:
/// handlers receive the action's `param`, asynchronous handlers a completion, and nothing throws.
///
/// ```swift
/// let dispatcher = ActionsDispatcher()
/// dispatcher.register(action: ShowMainScreen.self) { print("main") }
/// dispatcher.register(action: ShowProfileScreen.self) { id in print("profile", id) }
/// dispatcher.register(action: FetchUserProfile.self) { id, completion in completion(UserProfile(id: id)) }
/// dispatcher.register(action: MultipleIntByTwo.self) { number in number * 2 }
/// let eight = dispatcher.dispatch(MultipleIntByTwo(param: 4))
/// ```
///
/// Its calls may be made from code that is not isolated to the main actor and from any thread, as the seed's were;
/// handlers run on the main actor (see ``ActionsCompatibility``). Failures that the seed could not express are
/// reported through ``ActionsCompatibility/reportIssue``; only a call that must return a value it does not have stops
/// the program, with a message naming the action.
@MainActor
public final class ActionsDispatcher {
    /// The Conductor dispatcher this one forwards to; use it to adopt the throwing API step by step.
    public nonisolated let dispatcher: ActionDispatcher
    /// Whether the dispatcher joined the shared router, as the seed's `routingEnabled`.
    public nonisolated let routingEnabled: Bool

    /// Creates a dispatcher that joins the shared router unless `routingEnabled` is `false`.
    /// - Parameters:
    ///   - routingEnabled: Whether `send()` and `async` can reach this dispatcher through the shared router.
    ///   - fileID: The file that creates the dispatcher, for its name in messages; leave it to the compiler.
    ///   - line: The line that creates the dispatcher, for its name in messages; leave it to the compiler.
    public nonisolated init(routingEnabled: Bool = true, fileID: StaticString = #fileID, line: UInt = #line) {
        self.routingEnabled = routingEnabled
        self.dispatcher = ActionsCompatibility.onMain(nil) {
            ActionDispatcher(router: routingEnabled ? .shared : nil, fileID: fileID, line: line)
        }
    }

    /// The fully qualified names of the action types this dispatcher handles, as the seed's `actions`.
    public nonisolated var actions: [String] {
        let dispatcher = self.dispatcher
        return ActionsCompatibility.onMain(nil) { dispatcher.registeredActions.map { $0.name } }
    }

    // MARK: Registering

    /// Registers the handler of a synchronous action; it receives the action's `param`, on the main actor.
    ///
    /// A duplicate registration keeps the first handler and is reported through
    /// ``ActionsCompatibility/reportIssue``, as is a registration made off the main thread (which is then made on
    /// the main thread).
    public nonisolated func register<A: Action>(
        action: A.Type,
        handler: @escaping @MainActor (A.ParamType) -> A.ReturnType
    ) {
        let dispatcher = self.dispatcher
        ActionsCompatibility.onMain("ActionsDispatcher.register(action:handler:)") {
            Self.report { () throws(ActionError) in
                try dispatcher.register(A.self) { action in handler(action.param) }
            }
        }
    }

    /// Registers the handler of an asynchronous action; it receives the action's `param` and a completion, on the
    /// main actor.
    ///
    /// The completion may be called from any thread, and must be called once; later calls are ignored and reported.
    public nonisolated func register<A: AsyncAction>(
        action: A.Type,
        handler: @escaping @MainActor (A.ParamType, _ completion: @escaping (A.ReturnType) -> Void) -> Void
    ) {
        let dispatcher = self.dispatcher
        ActionsCompatibility.onMain("ActionsDispatcher.register(action:handler:)") {
            Self.report { () throws(ActionError) in
                try dispatcher.register(A.self) { action in
                    await withCheckedContinuation { continuation in
                        let once = ResumeOnce(continuation)
                        let name = String(reflecting: A.self)
                        handler(action.param) { @Sendable value in
                            // A second call is the seed user's mistake: reported, and ignored.
                            if !once.resume(with: .success(value)) {
                                ActionsCompatibility.report(CompletionCalledTwice(action: name))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Registers the handler of an asynchronous action without a parameter; it receives a completion.
    public nonisolated func register<A: AsyncAction>(
        action: A.Type,
        handler: @escaping @MainActor (_ completion: @escaping (A.ReturnType) -> Void) -> Void
    ) where A.ParamType == Void {
        register(action: A.self) { (_: Void, completion) in handler(completion) }
    }

    /// Registers a seed-style handler object for its synchronous action; the dispatcher keeps it.
    public nonisolated func register<H: ActionHandler>(handler: sending H) {
        register(action: H.Act.self) { param in handler.handle(param: param) }
    }

    /// Registers a seed-style handler object for its asynchronous action; the dispatcher keeps it.
    public nonisolated func register<H: AsyncActionHandler>(handler: sending H) {
        register(action: H.Act.self) { param, completion in handler.handle(param: param, completion: completion) }
    }

    /// Whether this dispatcher handles a synchronous action type.
    public nonisolated func supports<A: ConductorActions.Action>(action: A.Type) -> Bool {
        let dispatcher = self.dispatcher
        return ActionsCompatibility.onMain(nil) { dispatcher.supports(A.self) }
    }

    /// Whether this dispatcher handles an asynchronous action type.
    public nonisolated func supports<A: ConductorActions.AsyncAction>(action: A.Type) -> Bool {
        let dispatcher = self.dispatcher
        return ActionsCompatibility.onMain(nil) { dispatcher.supports(A.self) }
    }

    // MARK: Dispatching

    /// Dispatches a synchronous action and returns its result. From another thread, the handler runs on the main
    /// thread while the calling thread waits.
    ///
    /// > Warning: Stops the program when no handler is registered, because there is no value to return; the message
    /// > names the action. `ActionDispatcher.dispatch(_:)` from ConductorActions throws instead.
    @discardableResult
    public nonisolated func dispatch<A: ConductorActions.Action>(_ action: A) -> A.ReturnType {
        let dispatcher = self.dispatcher
        return ActionsCompatibility.onMain(nil) { () -> A.ReturnType in
            do {
                return try dispatcher.dispatch(action)
            } catch {
                ActionsCompatibility.stop(error, action: A.self)
            }
        }
    }

    /// Dispatches a synchronous action that returns nothing; a failure is reported, not fatal.
    public nonisolated func dispatch<A: ConductorActions.Action>(_ action: A) where A.ReturnType == Void {
        let dispatcher = self.dispatcher
        ActionsCompatibility.onMain(nil) {
            do { try dispatcher.dispatch(action) } catch { ActionsCompatibility.reportIssue(error) }
        }
    }

    /// Dispatches an asynchronous action and calls `completion` with its result on the main actor, after this call
    /// returns.
    ///
    /// > Warning: When the action fails, `completion` is not called and the failure is reported — a `Void` action's
    /// > always, any action's when the dispatcher was released while its handler ran; any other failure of an action
    /// > that returns a value (no handler) stops the program, naming the action.
    public nonisolated func dispatch<A: ConductorActions.AsyncAction>(
        _ action: A,
        completion: @escaping @MainActor (A.ReturnType) -> Void
    ) {
        let dispatcher = self.dispatcher
        ActionsCompatibility.onMain(nil) {
            _ = dispatcher.dispatch(action) { result in
                ActionsCompatibility.deliver(result, of: A.self, to: completion)
            }
        }
    }

    /// The seed's labelled `dispatch(action:)`: as `dispatch(_:)`.
    @discardableResult
    public nonisolated func dispatch<A: ConductorActions.Action>(action: A) -> A.ReturnType { dispatch(action) }

    /// The seed's labelled `dispatch(action:)` for an action that returns nothing: as `dispatch(_:)`.
    public nonisolated func dispatch<A: ConductorActions.Action>(action: A) where A.ReturnType == Void {
        dispatch(action)
    }

    /// The seed's labelled `dispatch(action:completion:)`: as `dispatch(_:completion:)`.
    public nonisolated func dispatch<A: ConductorActions.AsyncAction>(
        action: A,
        completion: @escaping @MainActor (A.ReturnType) -> Void
    ) {
        dispatch(action, completion: completion)
    }

    /// The seed's name for `dispatch(_:)`.
    @discardableResult
    public nonisolated func handle<A: ConductorActions.Action>(action: A) -> A.ReturnType { dispatch(action) }

    /// The seed's name for ``dispatch(_:completion:)``.
    public nonisolated func handle<A: ConductorActions.AsyncAction>(
        action: A,
        completion: @escaping @MainActor (A.ReturnType) -> Void
    ) {
        dispatch(action, completion: completion)
    }

    private static func report(_ body: () throws(ActionError) -> Void) {
        do { try body() } catch { ActionsCompatibility.reportIssue(error) }
    }
}
