#if canImport(SwiftUI)
    public import ConductorStore
    public import SwiftUI

    extension Store {
        /// A binding that reads part of the state and writes by sending an intent: a `Toggle` or `TextField` over
        /// a store, with the state still changed only by the reducer.
        ///
        /// ```swift
        /// Toggle("Show item ids", isOn: store.binding(\.settings.showsIDs) { _ in .settings(.toggleIDs) })
        /// ```
        public func binding<Value>(
            _ keyPath: KeyPath<State, Value>,
            send intent: @escaping @MainActor (Value) -> Intent
        ) -> Binding<Value> {
            Binding(
                // SwiftUI reads and writes bindings on the main actor, where the store lives.
                get: { MainActor.assumeIsolated { self.state[keyPath: keyPath] } },
                set: { value in MainActor.assumeIsolated { self.send(intent(value)) } }
            )
        }
    }

    extension ScopedStore {
        /// A binding that reads part of the scoped state and writes by sending an intent, as
        /// `Store.binding(_:send:)`.
        public func binding<Value>(
            _ keyPath: KeyPath<State, Value>,
            send intent: @escaping @MainActor (Value) -> Intent
        ) -> Binding<Value> {
            Binding(
                get: { MainActor.assumeIsolated { self.state[keyPath: keyPath] } },
                set: { value in MainActor.assumeIsolated { self.send(intent(value)) } }
            )
        }
    }
#endif
