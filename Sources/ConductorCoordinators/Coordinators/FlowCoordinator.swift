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
    /// Whether the flow finished because its sheet was dismissed, not with an output of its own.
    private var wasDismissed = false

    /// Ends the flow: the parent removes this coordinator and receives `output`. Later calls do nothing, but one:
    ///
    /// A flow its parent removed, or whose sheet was dismissed, has ended already (a link, a new root or a swipe
    /// replaced it): its own output that arrives afterwards — the answer of a command or an effect still in flight —
    /// is never handed to a parent that no longer shows the flow. It finishes the flow a restore put in its place,
    /// once ``BaseCoordinator/handOff(to:)`` named one (a debugger's time travel returning to the live app does);
    /// otherwise it is dropped. Either is logged (swift-log, label `Conductor.Navigation`).
    public func finish(with output: Output) {
        if isFinished {
            // Dismissed, the flow's own answer may still come (a save in flight): it is late, not a second finish.
            guard wasDismissed else { return }
            wasDismissed = false
            return finishLate(with: output)
        }
        guard !hasEnded else {
            isFinished = true
            finishHandler = nil
            return finishLate(with: output)
        }
        isFinished = true
        let handler = finishHandler
        finishHandler = nil
        handler?(output)
        end()
    }

    /// What its parent gave it to call when it finishes: gone once it ended and handed off (it holds the parent's
    /// routers).
    override func forgetFinishHandler() { finishHandler = nil }

    /// Finishes the flow because its sheet was dismissed — by the user, or by a navigation that no longer shows it —
    /// with the output a dismissal gives; the flow's own output, if it comes later, is late (``finish(with:)``).
    func finish(dismissedWith output: Output) {
        guard !isFinished, !hasEnded else { return }
        finish(with: output)
        wasDismissed = true
    }

    /// Passes an output that arrived after the flow ended to the flow restored in its place, now or when one is
    /// named.
    private func finishLate(with output: Output) {
        let name = name
        let pass: @MainActor (BaseCoordinator) -> Void = { [weak self] successor in
            NavigationErrorLog.logger.notice(
                "\(name) finished after it ended: its output finishes the \(successor.name) restored in its place.")
            // Its answer came: the successor need not keep it any longer.
            successor.predecessors.removeAll { $0 === self }
            (successor as? FlowCoordinator<Output>)?.finish(with: output)
        }
        if let successor { return pass(successor) }
        lateOutput = pass
        NavigationErrorLog.logger.notice(
            """
            \(name) finished after its parent removed it: its output is dropped, unless a flow restored in its \
            place takes it (handOff(to:)).
            """)
    }
}

extension FlowCoordinator where Output == Void {
    /// Ends a flow that has no output.
    public func finish() { finish(with: ()) }
}
