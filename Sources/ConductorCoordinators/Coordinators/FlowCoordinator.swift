internal import Logging

/// A coordinator whose flow ends with a typed output for its parent, such as the item a creation flow saved.
///
/// ```swift
/// final class CreateItemCoordinator: FlowCoordinator<Item?> {
///     override func start() { /* present the form; on save: */ finish(with: item) }
/// }
///
/// startChild(CreateItemCoordinator(router: modal)) { [weak self] item in
///     if let item { self?.showItem(item.id) }
/// }
/// ```
///
/// When it finishes, its parent removes it, so it is released with everything it holds (unless something else
/// keeps it).
@preconcurrency @MainActor
open class FlowCoordinator<Output>: BaseCoordinator {
    var finishHandler: (@MainActor (Output) -> Void)?
    /// Whether ``finish(with:)`` was called.
    public private(set) var isFinished = false

    /// Ends the flow: the parent removes this coordinator and receives `output`. Later calls do nothing.
    ///
    /// A flow its parent removed has ended already (a link or a new root replaced it): an output that arrives for
    /// it afterwards — the answer of a command or an effect still in flight — is dropped and logged (swift-log,
    /// label `Conductor.Navigation`), never handed to a parent that no longer shows the flow.
    public func finish(with output: Output) {
        guard !isFinished else { return }
        guard !hasEnded else {
            isFinished = true
            finishHandler = nil
            return NavigationErrorLog.logger.notice(
                "\(name) finished after its parent removed it: its output is dropped.")
        }
        isFinished = true
        let handler = finishHandler
        finishHandler = nil
        handler?(output)
        end()
    }
}

extension FlowCoordinator where Output == Void {
    /// Ends a flow that has no output.
    public func finish() { finish(with: ()) }
}
