/// Glue's `Renderer`: an object that shows a view model, such as a view controller.
///
/// <!-- not compiled: UIKit, on Apple platforms only -->
/// ```swift
/// final class CounterViewController: UIViewController, Renderer {
///     func render(viewModel: Int) { label.text = "\(viewModel)" }
/// }
/// ```
///
/// ``render(viewModel:)`` is called on the main actor, as Glue called it on the main thread. Only that method is
/// isolated, so a renderer written for tests can be read from any code.
public protocol Renderer: AnyObject {
    /// The model that drives the view.
    associatedtype ViewModel
    /// Updates the view to match `viewModel`.
    @MainActor func render(viewModel: ViewModel)
}
