import ConductorCoordinators
import Testing

/// UIKit's navigation and presentation as Apple documents them, for the neutral router the UIKit host reports to:
/// what the screen shows, changed by the router (through the host), by the user, and by the app's own UIKit code.
///
/// The rules it keeps, each from the document the UIKit host relies on:
/// - `setViewControllers(_:animated:)` shows exactly the stack given, and the delegate's
///   `navigationController(_:didShow:animated:)` follows every change of the stack, whoever made it — the router, the
///   back button, a swipe, the app's own `pushViewController(_:animated:)` (UINavigationControllerDelegate).
/// - An interactive pop announces the shorter stack (`willShow`), and when the user lets go early it is cancelled:
///   the stack stays as it was (UIViewControllerTransitionCoordinatorContext `isCancelled`).
/// - `dismiss(animated:)` called on a view controller that presents another dismisses what it presents and
///   everything above; called on one that presents nothing, its presenter dismisses it (UIViewController
///   `dismiss(animated:completion:)`).
/// - A sheet dragged down is told to the presentation controller's delegate (`presentationControllerDidDismiss`);
///   a dismissal by code is told to nobody — the UIKit host hears it from the dismissed view controller's
///   `viewDidDisappear(_:)` with `isBeingDismissed` (UIKitDismissalTracking), which this double reports the same way.
@MainActor
final class UIKitDouble: NavigationHost {
    weak var router: HostedNavigationRouter?
    /// The navigation controller's view controllers, root first.
    private(set) var viewControllers: [any Presentable] = []
    /// The chain of presented view controllers: the first presented by the navigation controller.
    private(set) var presentedChain: [any Presentable] = []

    /// How many times the router set the stack (`setViewControllers`): each is one transition on screen.
    private(set) var stackChanges = 0

    func show(stack: [any Presentable], animated: Bool) {
        stackChanges += 1
        viewControllers = stack
        didShow()
    }

    func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        presentedChain.append(module)
        completion()
    }

    /// The UIKit host's dismissal: `dismiss(animated:)` asked of the module's presenter.
    func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        if let index = presentedChain.firstIndex(where: { $0 === module }) {
            _ = uikitDismiss(calledOn: index - 1)
        }
        completion()
    }

    /// UIKit's `dismiss(animated:)` called on the view controller at `level` of the chain (-1: the navigation
    /// controller): what it presents leaves with everything above; if it presents nothing, it leaves itself.
    /// Returns what left, bottom first.
    func uikitDismiss(calledOn level: Int) -> [any Presentable] {
        let first = level + 1 < presentedChain.count ? level + 1 : level
        guard first >= 0, first < presentedChain.count else { return [] }
        let removed = Array(presentedChain[first...])
        presentedChain.removeSubrange(first...)
        return removed
    }

    // MARK: What the user and the app's own code do

    /// The back button or a finished swipe: the top view controller leaves, and the delegate hears it.
    func userTapsBack() {
        guard viewControllers.count > 1 else { return }
        router?.hostWillShow(Array(viewControllers.dropLast()))
        viewControllers.removeLast()
        didShow()
    }

    /// A swipe-back let go early: the shorter stack is announced, then the pop is cancelled.
    func userCancelsSwipe() {
        guard viewControllers.count > 1 else { return }
        router?.hostWillShow(Array(viewControllers.dropLast()))
        router?.hostCancelledTransition()
        didShow()
    }

    /// The app's own `pushViewController(_:animated:)`, a segue.
    func appPushes(_ module: any Presentable) {
        viewControllers.append(module)
        didShow()
    }

    /// The app's own `setViewControllers(_:animated:)`, keeping the root.
    func appReplacesAboveRoot(with modules: [any Presentable]) {
        viewControllers = Array(viewControllers.prefix(1)) + modules
        didShow()
    }

    /// The top sheet dragged down: the presentation controller's delegate hears it.
    func userSwipesSheetDown() {
        guard let top = presentedChain.last else { return }
        presentedChain.removeLast()
        router?.hostDidDismiss(top)
    }

    /// A Cancel button's `dismiss(animated:)` on the top presented view controller: nobody is told, but the view
    /// controller disappears while being dismissed, which the UIKit host hears.
    func appDismissesTopSheet() {
        guard let removed = uikitDismiss(calledOn: presentedChain.count - 1).first else { return }
        router?.hostDidDismiss(removed)
    }

    private func didShow() {
        do { try router?.hostDidShow(viewControllers) } catch { Issue.record(error) }
    }
}
