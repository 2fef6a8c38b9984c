public import ConductorActions

extension Action {
    /// Sends the action through the shared router and returns its result, as the seed's `send()`.
    ///
    /// Callable from any thread and from code that is not isolated to the main actor. The handler runs on the main
    /// actor: at once when called on the main thread; from another thread, on the main thread while the calling
    /// thread waits for the result — so the main thread must not be waiting for that thread at the time.
    ///
    /// > Warning: Stops the program when no live dispatcher handles the action, because there is no value to
    /// > return; the message names the action. ConductorActions' `try send(to:)` throws instead.
    @discardableResult
    public func send() -> ReturnType {
        ActionsCompatibility.onMain(nil) { () -> ReturnType in
            do {
                return try ActionRouter.shared.send(self)
            } catch {
                ActionsCompatibility.stop(error, action: Self.self)
            }
        }
    }

    /// Whether a live dispatcher of the shared router handles this action type; callable from any thread.
    public static var isRegistered: Bool {
        ActionsCompatibility.onMain(nil) { ActionRouter.shared.isRegistered(Self.self) }
    }
}

extension Action where ReturnType == Void {
    /// Sends the action through the shared router, as the seed's `send()`; a failure is reported through
    /// ``ActionsCompatibility/reportIssue``, not fatal. Callable from any thread: the handler runs on the main actor,
    /// and a call from another thread waits for it.
    public func send() {
        ActionsCompatibility.onMain(nil) {
            do { try ActionRouter.shared.send(self) } catch { ActionsCompatibility.reportIssue(error) }
        }
    }
}

extension AsyncAction {
    /// Sends the action through the shared router and calls `completion` with its result on the main actor, as the
    /// seed's `async`. Callable from any thread; `completion` runs after this call returns, even when the handler
    /// completes at once.
    ///
    /// > Warning: When the action fails, `completion` is not called and the failure is reported — a `Void` action's
    /// > always, any action's when its dispatcher was released while the handler ran; any other failure of an action
    /// > that returns a value stops the program, naming the action. ConductorActions' `try await send(to:)` throws
    /// > instead.
    public func async(completion: @escaping @MainActor (ReturnType) -> Void) {
        Task { @MainActor in
            let result: Result<ReturnType, any Error>
            do { result = .success(try await ActionRouter.shared.send(self)) } catch { result = .failure(error) }
            ActionsCompatibility.deliver(result, of: Self.self, to: completion)
        }
    }

    /// Whether a live dispatcher of the shared router handles this action type; callable from any thread.
    public static var isRegistered: Bool {
        ActionsCompatibility.onMain(nil) { ActionRouter.shared.isRegistered(Self.self) }
    }
}
