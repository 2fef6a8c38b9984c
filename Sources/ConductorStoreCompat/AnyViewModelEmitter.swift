/// Glue's type-erased ``ViewModelEmitter``, which ``Store/viewModelEmitter(transform:)`` returns.
public final class AnyViewModelEmitter<ViewModel>: ViewModelEmitter {
    /// The emitter this one forwards to.
    public let base: Any
    private let emitter: any ViewModelEmitter<ViewModel>

    /// Wraps `emitter`.
    public init<E: ViewModelEmitter>(_ emitter: E) where E.ViewModel == ViewModel {
        base = emitter
        self.emitter = emitter
    }

    /// Registers `renderer` with the wrapped emitter.
    public func register<R: Renderer>(renderer: sending R) where R.ViewModel == ViewModel {
        emitter.register(renderer: renderer)
    }

    /// Unregisters the wrapped emitter's renderer.
    public func unregister() { emitter.unregister() }
}
