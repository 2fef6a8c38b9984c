public import ConductorActions

extension Action {
    /// Sends the action through the shared router and returns its result, as the seed's `send()`.
    ///
    /// > Warning: Stops the program when no live dispatcher handles the action, because there is no value to
    /// > return; the message names the action. ConductorActions' `try send(to:)` throws instead.
    @MainActor
    @discardableResult
    public func send() -> ReturnType {
        do { return try ActionRouter.shared.send(self) } catch { ActionsCompatibility.stop(error, action: Self.self) }
    }

    /// Whether a live dispatcher of the shared router handles this action type.
    @MainActor
    public static var isRegistered: Bool { ActionRouter.shared.isRegistered(Self.self) }
}

extension Action where ReturnType == Void {
    /// Sends the action through the shared router, as the seed's `send()`; a failure is reported through
    /// ``ActionsCompatibility/reportIssue``, not fatal.
    @MainActor
    public func send() {
        do { try ActionRouter.shared.send(self) } catch { ActionsCompatibility.reportIssue(error) }
    }
}

extension AsyncAction {
    /// Sends the action through the shared router and calls `completion` with its result, as the seed's `async`.
    ///
    /// > Warning: When the action fails, a `Void` action's failure is reported and `completion` is not called; any
    /// > other action stops the program, naming the action. ConductorActions' `try await send(to:)` throws instead.
    @MainActor
    public func async(completion: @escaping @MainActor (ReturnType) -> Void) {
        Task { @MainActor in
            let result: Result<ReturnType, any Error>
            do { result = .success(try await ActionRouter.shared.send(self)) } catch { result = .failure(error) }
            ActionsCompatibility.deliver(result, of: Self.self, to: completion)
        }
    }

    /// Whether a live dispatcher of the shared router handles this action type.
    @MainActor
    public static var isRegistered: Bool { ActionRouter.shared.isRegistered(Self.self) }
}
