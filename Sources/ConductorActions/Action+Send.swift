extension Action {
    /// Sends this action to the live dispatcher that handles its type and returns the handler's result.
    ///
    /// ```swift
    /// try ShowProfile(id: 3).send()
    /// let doubled = try MultiplyByTwo(value: 4).send()
    /// ```
    /// - Parameter router: The router to send through; ``ActionRouter/shared`` by default.
    /// - Throws: ``ActionError/unhandled(action:router:dispatchers:)`` when no live dispatcher handles the type, or
    ///   whatever the handler or a middleware throws.
    @MainActor
    @discardableResult
    public func send(to router: ActionRouter = .shared) throws -> ReturnType {
        try router.send(self)
    }
}

extension Action {
    /// Posts this action to the main actor from any thread or task, without waiting: the seed's `send()` from a
    /// background queue. The action is sent on the main actor as soon as it is free; what sending throws goes to
    /// `onError` there, never lost.
    ///
    /// ```swift
    /// DispatchQueue.global().async {
    ///     ShowProfile(id: 3).post { error in log(error) }
    /// }
    /// ```
    /// - Parameters:
    ///   - router: The router to send through; ``ActionRouter/shared`` when `nil`.
    ///   - onError: Receives the error when no live dispatcher handles the action or its handler throws.
    /// - Returns: The task that sends it.
    @discardableResult
    public nonisolated func post(
        to router: ActionRouter? = nil,
        onError: @escaping @MainActor @Sendable (any Error) -> Void
    ) -> Task<Void, Never> {
        Task { @MainActor in
            do { try (router ?? .shared).send(self) } catch { onError(error) }
        }
    }
}

extension AsyncAction {
    /// Sends this action to the live dispatcher that handles its type and waits for the handler's result.
    ///
    /// ```swift
    /// let user = try await FetchUser(id: 3).send()
    /// ```
    /// - Parameter router: The router to send through; ``ActionRouter/shared`` by default.
    /// - Throws: ``ActionError/unhandled(action:router:dispatchers:)``,
    ///   ``ActionError/dispatcherReleased(action:dispatcher:)``, or whatever the handler or a middleware throws.
    @MainActor
    @discardableResult
    public func send(to router: ActionRouter = .shared) async throws -> ReturnType {
        try await router.send(self)
    }

    /// Sends this action and calls `completion` on the main actor with its outcome.
    ///
    /// ```swift
    /// FetchUser(id: 3).send { result in
    ///     if case .success(let user) = result { show(user) }
    /// }
    /// ```
    /// - Parameters:
    ///   - router: The router to send through; ``ActionRouter/shared`` by default.
    ///   - completion: Called exactly once, with the handler's result or the error that stopped it.
    /// - Returns: The task running the send; cancel it to cancel the handler.
    @MainActor
    @discardableResult
    public func send(
        to router: ActionRouter = .shared,
        completion: @escaping @MainActor (Result<ReturnType, any Error>) -> Void
    ) -> Task<Void, Never> {
        Task { @MainActor in
            do { completion(.success(try await router.send(self))) } catch { completion(.failure(error)) }
        }
    }
}
