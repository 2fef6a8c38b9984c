internal import Observation

extension Store {
    // MARK: Scoping to a part of the state

    /// A store of part of this store's state: its screens read their part and send their own intents, which become
    /// this store's.
    ///
    /// ```swift
    /// let settings = store.scope(state: \.settings, intent: AppIntent.settings)
    /// settings.send(.toggleDarkMode)   // reaches the app store as .settings(.toggleDarkMode)
    /// ```
    ///
    /// The scoped store is a `Store` like this one: it has subscribers and Observation of its own, and can be scoped
    /// further. It keeps a copy of its part, which this store updates when the part changes (by `==` when it is
    /// `Equatable`, after every intent otherwise), and has no reducer or effects of its own: its intents go through
    /// this store's middleware and reducer, and the effects they start belong to this store — ``cancelEffects(id:)``,
    /// ``waitForEffects(timeout:)`` and ``runningEffectCount`` on the scoped store are this store's.
    ///
    /// The scoped store lives while something holds it — a view, a flow, the ``SubscriptionToken`` of a subscription
    /// to it — and keeps this store; this store holds it weakly.
    /// - Parameters:
    ///   - state: The part of the state the scoped store shows.
    ///   - intent: Turns the scoped store's intent into this store's.
    ///   - sentBack: Turns an intent this store's effects sent back into the scoped store's, for its
    ///     ``sendAndWait(_:)``; `nil` for intents that are not the scoped store's.
    public func scope<ChildState, ChildIntent: Sendable>(
        state: any KeyPath<State, ChildState> & Sendable,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent? = { _ in nil }
    ) -> Store<ChildState, ChildIntent, Never> {
        let child = scoped(name: "\(state)", initial: stateValue[keyPath: state], intent: intent, sentBack: sentBack)
        child.connection?.sync = subscribe(selector: { $0[keyPath: state] }, isEqual: nil) { [weak child] part in
            child?.mirror(part)
        }
        return child
    }

    /// A store of part of this store's state, updated when the part changes (by `==`): the scope of a part that is
    /// `Equatable`, which costs an intent that leaves it alone one comparison.
    public func scope<ChildState: Equatable, ChildIntent: Sendable>(
        state: any KeyPath<State, ChildState> & Sendable,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent? = { _ in nil }
    ) -> Store<ChildState, ChildIntent, Never> {
        let child = scoped(name: "\(state)", initial: stateValue[keyPath: state], intent: intent, sentBack: sentBack)
        child.connection?.sync = subscribe(state as KeyPath<State, ChildState>) { [weak child] part in
            child?.mirror(part)
        }
        return child
    }

    // MARK: Scoping to a part that can go

    /// A store of an optional part of this store's state — a sheet's feature, a signed-in session — or `nil` while
    /// the part is `nil`.
    ///
    /// ```swift
    /// if let editor = store.scope(optional: \.editor, intent: AppIntent.editor) {
    ///     editor.send(.rename("Milk"))
    /// }
    /// ```
    ///
    /// The store **ends** when the part becomes `nil`: it keeps its last state, an intent sent to it afterwards is
    /// reported (IssueReporting's `reportIssue`) and dropped, and the effects its intents started — with what those
    /// sent back — are cancelled. When the part is back, scope again for a new store.
    /// - Parameters:
    ///   - optional: The optional part.
    ///   - intent: Turns the scoped store's intent into this store's.
    ///   - sentBack: Turns an intent sent back by this store's effects into the scoped store's, for its
    ///     ``sendAndWait(_:)``.
    public func scope<ChildState: Equatable, ChildIntent: Sendable>(
        optional: any KeyPath<State, ChildState?> & Sendable,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent? = { _ in nil }
    ) -> Store<ChildState, ChildIntent, Never>? {
        scope(while: "\(optional)", { $0[keyPath: optional] }, intent: intent, sentBack: sentBack)
    }

    /// A store of the state of one case of an enum in this store's state — signed in, signed out — or `nil` while
    /// another case holds.
    ///
    /// ```swift
    /// let session = store.scope(
    ///     case: { if case .signedIn(let session) = $0.auth { session } else { nil } },
    ///     intent: AppIntent.session)
    /// ```
    ///
    /// The store **ends** when the case changes (`extract` returns `nil`), as an optional scope ends: see
    /// ``scope(optional:intent:sentBack:)``.
    /// - Parameters:
    ///   - extract: The case's state, or `nil` when the state is in another case. Keep it a cheap, pure function: it runs
    ///     after every intent of this store while the scoped store lives.
    ///   - intent: Turns the scoped store's intent into this store's.
    ///   - sentBack: Turns an intent sent back by this store's effects into the scoped store's.
    public func scope<ChildState: Equatable, ChildIntent: Sendable>(
        case extract: @escaping @Sendable (State) -> ChildState?,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent? = { _ in nil }
    ) -> Store<ChildState, ChildIntent, Never>? {
        scope(while: "a case of \(State.self)", extract, intent: intent, sentBack: sentBack)
    }

    /// A scoped store that lives while `extract` finds its part, and ends when it does not.
    func scope<ChildState: Equatable, ChildIntent: Sendable>(
        while name: String,
        _ extract: @escaping (State) -> ChildState?,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent?
    ) -> Store<ChildState, ChildIntent, Never>? {
        guard let initial = extract(stateValue) else { return nil }
        let child = scoped(name: name, initial: initial, intent: intent, sentBack: sentBack)
        child.connection?.sync = subscribe(selector: extract, isEqual: { $0 == $1 }) { [weak child] part in
            guard let child else { return }
            guard let part else { return child.connection?.end() ?? () }
            child.mirror(part)
        }
        return child
    }

    // MARK: Making scoped stores

    /// A store with no reducer of its own, whose intents become this store's, marked as its own.
    func scoped<ChildState, ChildIntent: Sendable>(
        name: String,
        owner: Int? = nil,
        initial: ChildState,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent?
    ) -> Store<ChildState, ChildIntent, Never> {
        let child = Store<ChildState, ChildIntent, Never>(state: initial) { _, _ in [] }
        child.connection = ScopeConnection(
            name: name, owner: owner, parent: self,
            // Strong: a scoped store keeps its parent, as a view that holds it expects; the parent holds it weakly.
            forward: { childIntent, owner in self.send(intent(childIntent), owner: owner) },
            forwardAndWait: { childIntent, owner in
                await self.sendAndWait(intent(childIntent), owner: owner).compactMap(sentBack)
            })
        return child
    }

    /// Shows a new state of the part this scoped store mirrors: its subscribers and Observation hear what changed.
    func mirror(_ part: State) {
        if stateWasRead {
            stateWasRead = false
            registrar.withMutation(of: self, keyPath: \.state) { stateValue = part }
        } else {
            stateValue = part
        }
        if !subscriptions.isEmpty { notifySubscribers() }
    }

    /// Whether this store was made by `scope` and its part of the state is gone: an optional that became `nil`, a
    /// case that changed, a row that was removed. Intents sent to it are reported and dropped.
    public var isEnded: Bool { connection?.isEnded ?? false }
}
