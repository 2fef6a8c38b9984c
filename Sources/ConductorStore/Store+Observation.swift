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
        observedField(keyPath).access()
        return stateValue[keyPath: keyPath]
    }

    /// The watch of `keyPath`, started on its first read.
    func observedField<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> ObservedField {
        // By the key path object first: sound, because the entry retains that object, so no other can be at its
        // address while the entry exists.
        if let entry = observedFieldsByObject[ObjectIdentifier(keyPath)], entry.keyPath === keyPath {
            return entry.field
        }
        let field = observedFields[keyPath] ?? startObserving(keyPath)
        // Key paths built anew on every read (`appending(path:)` in a view's body) would grow this without end.
        if observedFieldsByObject.count > 4 * observedFields.count + 64 { observedFieldsByObject.removeAll() }
        observedFieldsByObject[ObjectIdentifier(keyPath)] = ObservedField.ByObject(keyPath: keyPath, field: field)
        return field
    }

    private func startObserving<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> ObservedField {
        let field = ObservedField()
        // The handler's first call, with the current value, announces a change nobody can be tracking yet: this is
        // the field's first read, and its access is registered after.
        let token = subscribe(keyPath) { [weak field] _ in field?.announceChange() }
        token.isInternal = true
        field.token = token
        observedFields[keyPath] = field
        return field
    }
}

/// A field of a store's state that Observation tracks on its own: an observable object of its own, whose one
/// property stands for the field, and the subscription that announces the field's changes.
///
/// The field is its own object, with its own registrar, rather than a key path on the store: Observation hashes the
/// key path of every read and change, and `\ObservedField.version` hashes in a fraction of the time a key path
/// appended to the store's state (`\Store.stateValue.settings.darkMode`) takes; each field's observers are also kept
/// apart from the others'.
@MainActor
final class ObservedField: Observable {
    private let registrar = ObservationRegistrar()
    /// What views read, through ``access()``, and what a change of the field mutates; never stored to. Stored, not
    /// computed: Observation hashes its key path on every read and change, and a stored property's hashes as its
    /// offset.
    private let version = 0
    /// The store's subscription to the field, kept as long as the store keeps the field.
    var token: SubscriptionToken?

    /// Registers a read of the field with the tracking under way, if any.
    func access() { registrar.access(self, keyPath: \.version) }

    /// Tells Observation that the field changed: what read it is invalidated.
    func announceChange() { registrar.withMutation(of: self, keyPath: \.version) {} }

    /// A field found by the key path object a view read it with; the entry keeps that object.
    struct ByObject {
        let keyPath: AnyKeyPath
        let field: ObservedField
    }
}
