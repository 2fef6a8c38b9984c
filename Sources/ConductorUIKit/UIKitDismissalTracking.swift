#if canImport(UIKit) && !os(watchOS)
    internal import ObjectiveC
    internal import UIKit

    /// Hears the dismissals UIKit tells nobody of: a presented view controller dismissed by the app's own code — a
    /// Cancel or Done button's `dismiss(animated:)` — for which UIKit calls no delegate
    /// (`presentationControllerDidDismiss(_:)` is "not called if the presentation is dismissed programmatically",
    /// UIAdaptivePresentationControllerDelegate), and a navigation controller's delegate replaced by the app.
    ///
    /// UIKit offers no callback for either, so — as swift-navigation's UIKitNavigation does — `viewDidDisappear(_:)`
    /// and `viewDidAppear(_:)` of `UIViewController` are exchanged once for versions that call the originals first,
    /// then look the view controller up among those the hosts present (``UIKitPresentations``) and the navigation
    /// controllers they drive: a view controller that is not theirs costs one dictionary lookup. A presented view
    /// controller that disappears while `isBeingDismissed` (or with no presenter left) is reported to its host as the
    /// user's dismissal, so its router drops the module, runs its `onDismiss`, and the flow it shows finishes.
    @MainActor
    enum UIKitDismissalTracking {
        /// The hosts of the navigation controllers they drive, by navigation controller, held weakly.
        private struct Entry {
            weak var navigationController: UINavigationController?
            weak var host: UIKitNavigationHost?
        }
        private static var hosts: [ObjectIdentifier: Entry] = [:]

        /// Exchanges the appearance methods, once per process.
        static func install() {
            _ = installed
        }

        private static let installed: Bool = {
            exchange(
                #selector(UIViewController.viewDidDisappear(_:)),
                #selector(UIViewController.conductorViewDidDisappear(_:)))
            exchange(
                #selector(UIViewController.viewDidAppear(_:)), #selector(UIViewController.conductorViewDidAppear(_:)))
            return true
        }()

        private static func exchange(_ original: Selector, _ replacement: Selector) {
            guard let originalMethod = class_getInstanceMethod(UIViewController.self, original),
                let replacementMethod = class_getInstanceMethod(UIViewController.self, replacement)
            else { return }
            method_exchangeImplementations(originalMethod, replacementMethod)
        }

        /// `host` drives `navigationController`.
        static func register(_ host: UIKitNavigationHost, for navigationController: UINavigationController) {
            hosts = hosts.filter { $0.value.navigationController != nil && $0.value.host != nil }
            hosts[ObjectIdentifier(navigationController)] =
                Entry(navigationController: navigationController, host: host)
        }

        /// The host that drives `navigationController`, if one does.
        static func host(of navigationController: UINavigationController) -> UIKitNavigationHost? {
            guard let entry = hosts[ObjectIdentifier(navigationController)],
                entry.navigationController === navigationController
            else { return nil }
            return entry.host
        }

        /// `controller` disappeared: a presented view controller of a host, dismissed, is reported to it.
        static func didDisappear(_ controller: UIViewController) {
            guard let host = UIKitPresentations.host(presenting: controller) else { return }
            guard controller.isBeingDismissed || controller.presentingViewController == nil else { return }
            let above = UIKitPresentations.presented(above: controller)
            host.presentationDidEnd(of: controller)
            UIKitPresentations.reportDismissed(above)
        }

        /// `controller` appeared: the host of its navigation controller checks it is still its delegate.
        static func didAppear(_ controller: UIViewController) {
            guard let navigationController = controller.navigationController,
                let host = host(of: navigationController)
            else { return }
            host.checkDelegate()
        }
    }

    extension UIViewController {
        /// `viewDidDisappear(_:)` once exchanged: the original (under this name), then the dismissal check.
        @objc fileprivate func conductorViewDidDisappear(_ animated: Bool) {
            conductorViewDidDisappear(animated)
            UIKitDismissalTracking.didDisappear(self)
        }

        /// `viewDidAppear(_:)` once exchanged: the original (under this name), then the delegate check.
        @objc fileprivate func conductorViewDidAppear(_ animated: Bool) {
            conductorViewDidAppear(animated)
            UIKitDismissalTracking.didAppear(self)
        }
    }
#endif
