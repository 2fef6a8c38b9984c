import ConductorCoordinators
import Testing

/// AppKit's sheets and stacks as Apple documents them, with the AppKit host's bookkeeping (``PresentedSheets``) on
/// top: what the windows show, changed by the router (through the host), by the user, and by a sheet's own code.
///
/// The rules it keeps, each from the document the AppKit host relies on:
/// - `present(_:animator:)` shows a sheet from the presenting view controller and keeps the animator until
///   `dismiss(_:)`, which calls the animator's `animateDismissal(of:from:)` — the one way the host is told of a
///   dismissal it did not ask for (NSViewControllerPresentationAnimator; NSViewController `dismiss(_:)`: "dismisses a
///   presented view controller, using the same animator that presented it").
/// - A sheet's own Cancel button calls `dismiss(_:)` (the action): its presenter dismisses it, through the same
///   animator (NSViewController `presentAsSheet(_:)`: "to dismiss the sheet, call `dismiss(_:)` on the presenting view
///   controller").
/// - `dismiss(_:)` ends the sheet of the view controller it is given; AppKit documents no sheet taken with the one
///   under it, so this double takes none: a sheet left over is on screen.
/// - AppKit has no navigation controller: the stack changes only when the host sets it, or when the user goes back
///   (the container's `goBack(_:)` action).
@MainActor
final class AppKitDouble: NavigationHost {
    /// A view controller: a screen, a sheet, or a flow's stack container.
    final class ViewController: Presentable {
        let moduleName: String
        /// The view controller that presented it as a sheet, while the sheet shows.
        fileprivate(set) weak var presentingViewController: ViewController?
        /// The host whose animator presented it: the one told when it is dismissed.
        fileprivate weak var animatorHost: AppKitDouble?
        init(_ name: String) { moduleName = name }

        /// AppKit's `dismiss(_:)` on this, the presenting view controller: ends `presented`'s sheet (only it) and
        /// calls the animator, which tells its host.
        func dismiss(_ presented: ViewController, on screen: Screen) {
            guard presented.presentingViewController === self else { return }
            screen.sheets.removeAll { $0 === presented }
            presented.presentingViewController = nil
            presented.animatorHost?.sheetDidEnd(presented)
        }
    }

    /// What the windows show: every sheet window, in the order begun.
    @MainActor
    final class Screen {
        var sheets: [ViewController] = []
    }

    weak var router: HostedNavigationRouter?
    let screen: Screen
    /// The container this host shows its stack in: what a parent presents when it presents this host's router.
    let container: ViewController
    /// The view controllers of the stack, root first.
    private(set) var stack: [any Presentable] = []
    private var sheets = PresentedSheets<ViewController>()

    init(_ name: String, screen: Screen) {
        self.screen = screen
        container = ViewController("\(name) container")
    }

    /// The view controller that shows `module`: a view controller itself, or the container of a router on a double.
    static func controller(for module: any Presentable) -> ViewController? {
        if let controller = module as? ViewController { return controller }
        if let router = module as? HostedNavigationRouter, let host = router.host as? AppKitDouble {
            return host.container
        }
        return nil
    }

    // MARK: NavigationHost, as the AppKit host does it

    func show(stack: [any Presentable], animated: Bool) { self.stack = stack }

    func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        guard let controller = Self.controller(for: module) else { return completion() }
        let presenter = sheets.presenter(over: container)
        sheets.append(module, controller: controller, presenter: presenter)
        controller.presentingViewController = presenter
        controller.animatorHost = self
        screen.sheets.append(controller)
        completion()
    }

    func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        for sheet in sheets.takeForDismissal(of: module) { end(sheet) }
        completion()
    }

    private func end(_ sheet: PresentedSheets<ViewController>.Sheet) {
        if let nested = sheet.module as? HostedNavigationRouter, let host = nested.host as? AppKitDouble {
            host.endEverySheet()
        }
        if let presenter = sheet.presenter, sheet.controller.presentingViewController != nil {
            presenter.dismiss(sheet.controller, on: screen)
        }
    }

    private func endEverySheet() {
        let taken = sheets.takeAll()
        for sheet in taken { end(sheet) }
        if let outermost = taken.last { router?.hostDidDismiss(outermost.module) }
    }

    fileprivate func sheetDidEnd(_ controller: ViewController) {
        let taken = sheets.takeEnded(controller)
        guard let ended = taken.last else { return }
        for sheet in taken.dropLast() { end(sheet) }
        router?.hostDidDismiss(ended.module)
    }

    // MARK: What the user does

    /// The `goBack(_:)` action (⌘[): the top view controller leaves.
    func userGoesBack() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        router?.hostWillShow(stack)
        do { try router?.hostDidShow(stack) } catch { Issue.record(error) }
    }

    /// The Cancel button of the sheet shown last: `dismiss(_:)` on the sheet, which its presenter performs.
    static func userCancelsTopSheet(on screen: Screen) {
        guard let top = screen.sheets.last else { return }
        top.presentingViewController?.dismiss(top, on: screen)
    }
}
