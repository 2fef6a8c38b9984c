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
        let field = observedField(keyPath)
        field.access()
        // A stored property's value is read at its offset, a pointer addition; applying the key path walks its
        // components at run time.
        guard let offset = field.offset else { return stateValue[keyPath: keyPath] }
        return Self.reading(at: offset, of: &stateValue)
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
        let field = ObservedField(offset: MemoryLayout<State>.offset(of: keyPath))
        // The handler's first call, with the current value, announces a change nobody can be tracking yet: this is
        // the field's first read, and its access is registered after.
        let reference = ObservedField.WeakReference(field: field)
        let token = subscribe(keyPath) { _ in reference.field?.announceChange() }
        token.isInternal = true
        field.token = token
        observedFields[keyPath] = field
        return field
    }
}

/// A field of a store's state that Observation tracks on its own: an observable object of its own, which views
/// read and whose changes are announced under the identity key path `\ObservedField.self`, and the subscription that
/// announces the field's changes.
///
/// The field is its own object, with its own registrar, rather than a key path on the store: Observation hashes the
/// key path of every read, change and tracking (five or six hashes per change a view sees), and the identity key
/// path, which has no component, hashes in a fraction of the time any property's key path takes — a stored
/// property's (`\.version`) included, and far less than a key path appended to the store's state
/// (`\Store.stateValue.settings.darkMode`). Each field's observers are also kept apart from the others', so the
/// registrar's tables stay one entry long.
@MainActor
final class ObservedField: Observable {
    private let registrar = ObservationRegistrar()
    /// The key path under which the field is read and changed, made once: a key path literal is looked up in the
    /// runtime's cache each time it is evaluated.
    private static let identity: KeyPath<ObservedField, ObservedField> = \.self
    /// The store's subscription to the field, kept as long as the store keeps the field.
    var token: SubscriptionToken?
    /// Where the field lies in the state, when its key path is made only of stored properties of structs.
    let offset: Int?

    init(offset: Int?) { self.offset = offset }

    /// Registers a read of the field with the tracking under way, if any.
    func access() { registrar.access(self, keyPath: Self.identity) }

    /// Tells Observation that the field changed: what read it is invalidated. A mutation with nothing to mutate:
    /// `willSet`, then `didSet`, as `withMutation` calls them.
    func announceChange() {
        registrar.willSet(self, keyPath: Self.identity)
        registrar.didSet(self, keyPath: Self.identity)
    }

    /// A field found by the key path object a view read it with; the entry keeps that object.
    struct ByObject {
        let keyPath: AnyKeyPath
        let field: ObservedField
    }

    /// The field, held weakly by its subscription's handler (the field holds the subscription). A `let` of this
    /// struct is captured rather than a `weak var`, whose box is a variable that every call would check for
    /// exclusive access.
    struct WeakReference {
        weak var field: ObservedField?
    }
}
