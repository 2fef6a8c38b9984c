extension Store {
    /// An emitter of view models made from the state by `transform`: a registered ``Renderer`` is given the current
    /// view model, then each new one when it changes (by `==`), on the main actor — Glue's `viewModelEmitter`.
    ///
    /// ```swift
    /// let emitter = store.viewModelEmitter { state in state.items.count }
    /// emitter.register(renderer: countLabel)
    /// ```
    /// - Parameter transform: A pure function of the state, such as `{ $0.items.count }`.
    /// - Returns: The emitter; it keeps the store alive.
    public nonisolated func viewModelEmitter<ViewModel: Equatable & Sendable>(
        transform: @escaping @Sendable (State) -> ViewModel
    ) -> AnyViewModelEmitter<ViewModel> {
        AnyViewModelEmitter(StoreViewModelEmitter(store: self, transform: transform))
    }
}

/// The emitter ``Store/viewModelEmitter(transform:)`` makes: a subscription to the store for one renderer at a time.
@MainActor
final class StoreViewModelEmitter<State: Sendable, ViewModel: Equatable & Sendable>: ViewModelEmitter {
    private nonisolated let store: Store<State>
    private nonisolated let transform: @Sendable (State) -> ViewModel
    private var token: SubscriptionToken?

    nonisolated init(store: Store<State>, transform: @escaping @Sendable (State) -> ViewModel) {
        self.store = store
        self.transform = transform
    }

    nonisolated func register<R: Renderer>(renderer: sending R) where R.ViewModel == ViewModel {
        let store = self.store
        let transform = self.transform
        MainThread.run {
            self.token = store.subscribe(selector: transform) { viewModel in renderer.render(viewModel: viewModel) }
        }
    }

    nonisolated func unregister() {
        MainThread.run { self.token = nil }
    }
}
