/// Glue's `ViewModelEmitter`: something a ``Renderer`` registers with to be told each new view model.
///
/// One renderer at a time: registering another replaces the first.
public protocol ViewModelEmitter<ViewModel>: AnyObject {
    /// The model that drives the view.
    associatedtype ViewModel
    /// Registers `renderer`, which is kept and told every new view model from now on, starting with the current
    /// one.
    func register<R: Renderer>(renderer: sending R) where R.ViewModel == ViewModel
    /// Unregisters the current renderer, if any.
    func unregister()
}
