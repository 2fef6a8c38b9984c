internal import Observation

extension Store {
    /// A field of the state, read so that Observation tracks that field alone: a SwiftUI view (or a
    /// `withObservationTracking` block) that reads `store.count` is invalidated when `count` changes, not when
    /// another part of the state does. Reading ``state`` instead tracks the whole state.
    ///
    /// The first read of a field starts an internal watch of it, compared after every intent like a key-path
    /// subscription; it lasts as long as the store. A field whose name is also a member of `Store` (`state`, `send`,
    /// …) is reached through ``state`` instead.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        observedField(keyPath).access(self)
        return stateValue[keyPath: keyPath]
    }

    /// The watch of `keyPath`, started on its first read.
    func observedField<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>
    ) -> ObservedField<State, IntentType, EffectType> {
        if let field = observedFields[keyPath] { return field }
        // The field's own key path on the store, for the registrar: distinct from `\.state` and from other fields.
        let fieldKeyPath: KeyPath<Store, Value> = (\Store.stateValue).appending(path: keyPath)
        // The handler's first call, with the current value, announces a change nobody can be tracking yet: this is
        // the field's first read, and its access is registered after.
        let token = subscribe(keyPath) { [weak self] _ in
            guard let self else { return }
            self.registrar.withMutation(of: self, keyPath: fieldKeyPath) {}
        }
        token.isInternal = true
        let field = ObservedField<State, IntentType, EffectType>(token: token) { store in
            store.registrar.access(store, keyPath: fieldKeyPath)
        }
        observedFields[keyPath] = field
        return field
    }
}

/// A field of a store's state that Observation tracks on its own: the subscription that watches it and how to
/// register a read of it.
@MainActor
struct ObservedField<State, IntentType: Sendable, EffectType: Effect> {
    let token: SubscriptionToken
    let access: @MainActor (Store<State, IntentType, EffectType>) -> Void
}
