/// A view of part of a store's state, with intents of its own that are mapped into the parent's.
///
/// A child feature works with a scoped store as if it were a store of its own, without knowing the app's state or
/// intents:
///
/// ```swift
/// struct AppState { var settings = SettingsState() }
/// enum AppIntent: Intent { case settings(SettingsIntent) }
///
/// let settings = store.scope(state: \.settings, intent: AppIntent.settings)
/// settings.send(.toggleDarkMode)             // reaches the app store as .settings(.toggleDarkMode)
/// let token = settings.subscribe(\.darkMode) { print($0) }
/// ```
///
/// A scoped store keeps its parent alive. It adds no state of its own: ``state`` reads the parent's (so Observation
/// tracks the root store), and key path subscriptions become subscriptions of the root store by the joined key
/// path, with the same cost.
///
/// Like a store, a scoped store tracks a field read through it (`settings.darkMode`) on its own for Observation:
/// a view that reads it is invalidated only when that field changes.
///
/// Code that works with stores takes ``StateStore``, which both a store and its scopes are.
@MainActor
@dynamicMemberLookup
public final class ScopedStore<State, IntentType: Sendable> {
    private let source: any StateSource<State, IntentType>

    init(source: any StateSource<State, IntentType>) {
        self.source = source
    }

    /// The scoped part of the parent's state.
    public var state: State { source.currentState }

    /// A field of the scoped state, read so that Observation tracks that field alone, as
    /// ``Store/subscript(dynamicMember:)``.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        source.readField(keyPath)
    }

    /// Sends an intent, mapped into the parent's intents.
    public func send(_ intent: IntentType) { source.sendIntent(intent) }

    /// Cancels the running effects with `id` in the root store, as ``Store/cancelEffects(id:)``: a flow holding a
    /// scoped store cancels its effects when it ends.
    /// - Returns: How many runs were cancelled.
    @discardableResult
    public func cancelEffects(id: EffectID) -> Int { source.cancelRootEffects(id: id) }

    /// Sends an intent, mapped into the parent's intents, and suspends until the effects it caused have finished, as
    /// ``Store/sendAndWait(_:)``.
    ///
    /// Returns the intents the effects sent back that are this scope's: those the `sentBack` mapping given to
    /// ``Store/scope(state:intent:sentBack:)`` recognises (none when it was not given).
    @discardableResult
    public func sendAndWait(_ intent: IntentType) async -> [IntentType] { await source.sendIntentAndWait(intent) }

    /// Calls `handler` with the selected value now, then whenever it changes.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        source.subscribe(keyPath: keyPath, handler: handler)
    }

    /// Calls `handler` with the selected value now, then whenever it changes (by `==`).
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<Value: Equatable>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        source.subscribe(selector: selector, isEqual: { $0 == $1 }, handler: handler)
    }

    /// Calls `handler` with the selected value now, then after every intent of the root store.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<Value>(
        selector: @escaping @Sendable (State) -> Value,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        source.subscribe(selector: selector, isEqual: nil, handler: handler)
    }

    /// Scopes further, to a part of this scoped state.
    /// - Parameters:
    ///   - state: The part of the state the child sees.
    ///   - intent: Maps a child intent to one of this store's intents.
    ///   - sentBack: The child intent an intent of this store is, if it is one (the inverse of `intent`), so that the
    ///     child's ``sendAndWait(_:)`` returns its answer; none by default.
    public func scope<ChildState, ChildIntent: Sendable>(
        state: any KeyPath<State, ChildState> & Sendable,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent? = { _ in nil }
    ) -> ScopedStore<ChildState, ChildIntent> {
        ScopedStore<ChildState, ChildIntent>(
            source: ScopeLink(parent: source, state: state, intent: intent, sentBack: sentBack))
    }
}

extension Store {
    /// A store over part of this store's state, whose intents are mapped into this store's.
    /// - Parameters:
    ///   - state: The part of the state the child sees.
    ///   - intent: Maps a child intent to one of this store's intents, typically an enum case such as
    ///     `AppIntent.settings`.
    ///   - sentBack: The child intent an intent of this store is, if it is one (the inverse of `intent`:
    ///     `{ if case .settings(let intent) = $0 { intent } else { nil } }`), so that the scope's
    ///     ``ScopedStore/sendAndWait(_:)`` returns its answer; none by default.
    public func scope<ChildState, ChildIntent: Sendable>(
        state: any KeyPath<State, ChildState> & Sendable,
        intent: @escaping @MainActor (ChildIntent) -> IntentType,
        sentBack: @escaping @MainActor (IntentType) -> ChildIntent? = { _ in nil }
    ) -> ScopedStore<ChildState, ChildIntent> {
        ScopedStore<ChildState, ChildIntent>(
            source: ScopeLink(parent: self, state: state, intent: intent, sentBack: sentBack))
    }
}

/// What a scoped store reads from and sends to: the root store, or a link to a scope of it.
@MainActor
protocol StateSource<State, IntentType>: AnyObject {
    associatedtype State
    associatedtype IntentType
    var currentState: State { get }
    func sendIntent(_ intent: IntentType)
    func cancelRootEffects(id: EffectID) -> Int
    /// A field of the state, its read registered with Observation for that field alone.
    func readField<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value
    func sendIntentAndWait(_ intent: IntentType) async -> [IntentType]
    func subscribe<Value: Equatable>(
        keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken
    func subscribe<Value>(
        selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken
}

extension Store: StateSource {
    var currentState: State { state }
    func sendIntent(_ intent: IntentType) { send(intent) }
    func cancelRootEffects(id: EffectID) -> Int { cancelEffects(id: id) }
    func readField<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value { self[dynamicMember: keyPath] }
    func sendIntentAndWait(_ intent: IntentType) async -> [IntentType] { await sendAndWait(intent) }
    func subscribe<Value: Equatable>(
        keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        subscribe(keyPath, handler: handler)
    }
}

/// One step of scoping: a part of the parent's state and a mapping of intents into the parent's.
@MainActor
final class ScopeLink<ParentState, ParentIntent, State, IntentType>: StateSource {
    let parent: any StateSource<ParentState, ParentIntent>
    let toChild: any KeyPath<ParentState, State> & Sendable
    let toParent: @MainActor (IntentType) -> ParentIntent
    let toChildIntent: @MainActor (ParentIntent) -> IntentType?

    init(
        parent: any StateSource<ParentState, ParentIntent>,
        state: any KeyPath<ParentState, State> & Sendable,
        intent: @escaping @MainActor (IntentType) -> ParentIntent,
        sentBack: @escaping @MainActor (ParentIntent) -> IntentType?
    ) {
        self.parent = parent
        self.toChild = state
        self.toParent = intent
        self.toChildIntent = sentBack
    }

    var currentState: State { parent.currentState[keyPath: toChild] }

    func sendIntent(_ intent: IntentType) { parent.sendIntent(toParent(intent)) }

    func cancelRootEffects(id: EffectID) -> Int { parent.cancelRootEffects(id: id) }

    func readField<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
        parent.readField(toChild.appending(path: keyPath))
    }

    func sendIntentAndWait(_ intent: IntentType) async -> [IntentType] {
        await parent.sendIntentAndWait(toParent(intent)).compactMap(toChildIntent)
    }

    func subscribe<Value: Equatable>(
        keyPath: KeyPath<State, Value>,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        parent.subscribe(keyPath: toChild.appending(path: keyPath), handler: handler)
    }

    func subscribe<Value>(
        selector: @escaping (State) -> Value,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @MainActor (Value) -> Void
    ) -> SubscriptionToken {
        let toChild = toChild
        return parent.subscribe(selector: { selector($0[keyPath: toChild]) }, isEqual: isEqual, handler: handler)
    }
}
