#if canImport(SwiftUI)
    public import ConductorStore
    public import SwiftUI

    extension Store {
        /// A binding that reads part of the state and writes by sending an intent: a `Toggle` or `TextField` over
        /// a store (or a scope of one), with the state still changed only by the reducer.
        ///
        /// <!-- not compiled: SwiftUI, on Apple platforms only -->
        /// ```swift
        /// Toggle("Show item ids", isOn: store.binding(\.settings.showsIDs) { _ in .settings(.toggleIDs) })
        /// ```
        public func binding<Value>(
            _ keyPath: KeyPath<State, Value>,
            send intent: @escaping @MainActor (Value) -> IntentType
        ) -> Binding<Value> {
            intentBinding(get: { self.state[keyPath: keyPath] }, set: { self.send(intent($0)) })
        }
    }

    /// A binding whose accessors run on the main actor: SwiftUI reads and writes bindings there, where stores live.
    ///
    /// The accessors are main-actor closures, so SwiftUI calls them isolated to the main actor (its `Binding`
    /// takes `@isolated(any)` accessors) and no value crosses an isolation boundary: `Value` need not be
    /// `Sendable`.
    @MainActor
    private func intentBinding<Value>(
        get: @escaping @MainActor () -> Value,
        set: @escaping @MainActor (Value) -> Void
    ) -> Binding<Value> {
        Binding(get: { @MainActor in get() }, set: { @MainActor value in set(value) })
    }
#endif
