#if canImport(UIKit) && !os(watchOS)
    internal import UIKit

    /// The delegate of the presentation controller of one view controller a ``UIKitNavigationHost`` presented: it
    /// tells the host when the user dismissed it (a sheet dragged down), and forwards every delegate call — the one
    /// it implements and all the others — to the delegate the presentation controller had before.
    ///
    /// The host must hear of a sheet dragged away, and UIKit says so only to the presentation controller's one
    /// delegate; taking that place outright would silence the app's own delegate, and with it sheet detents and
    /// `presentationControllerShouldDismiss(_:)` (a "discard changes?" prompt with `isModalInPresentation`). One such
    /// object per presentation, as each presentation controller had its own delegate. UIKit holds it weakly: its
    /// host keeps it until the presentation ends, then gives the presentation controller its old delegate back.
    @MainActor
    final class UIKitPresentationDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
        /// The host that presented the view controller, told of a dismissal by the user.
        private weak var host: UIKitNavigationHost?
        /// The presentation controller this object is the delegate of, until ``uninstall()``.
        private weak var presentationController: UIPresentationController?
        /// The view controller presented, to tell whether the presentation is still around.
        private(set) weak var presented: UIViewController?
        // Unchecked isolation is sound: a weak reference's loads and stores are atomic in the Swift runtime, so
        // `responds(to:)` and `forwardingTarget(for:)` — nonisolated overrides that the Objective-C runtime may call
        // on any thread — read the old or the new delegate, never a torn value; it is written only on the main actor.
        private nonisolated(unsafe) weak var forwarding: (any UIAdaptivePresentationControllerDelegate)?

        /// A delegate for the presentation of `presented` by `host`.
        init(host: UIKitNavigationHost, presented: UIViewController) {
            self.host = host
            self.presented = presented
            super.init()
        }

        /// Becomes the delegate of `presentationController`, forwarding to the delegate it has — called before the
        /// presentation, and again once it is shown, as an app often sets its delegate while the view loads (in
        /// `viewDidLoad`, during the presentation). The forwarding target is set before this object becomes the
        /// delegate, so that UIKit, which may ask the delegate which methods it answers when it is set, hears the
        /// app's delegate's answers.
        func install(on presentationController: UIPresentationController) {
            if let current = presentationController.delegate, current !== self {
                // Another host's delegate left behind (its host gone) stands for the app's delegate it forwarded to:
                // forwarding to it would chain such objects, one per presentation.
                if let stale = current as? UIKitPresentationDelegate {
                    if let appDelegate = stale.forwarding { forwarding = appDelegate }
                } else {
                    forwarding = current
                }
            }
            if presentationController.delegate !== self { presentationController.delegate = self }
            self.presentationController = presentationController
        }

        /// The presentation ended: the presentation controller gets back the delegate it had, unless something set
        /// another since.
        func uninstall() {
            if let presentationController, presentationController.delegate === self {
                presentationController.delegate = forwarding
            }
            presentationController = nil
        }

        /// The user dismissed the presented view controller: the app's delegate hears it, then the host, which tells
        /// its router (the module leaves `presented` and its `onDismiss` runs).
        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            forwarding?.presentationControllerDidDismiss?(presentationController)
            host?.presentationControllerDidDismiss(presentationController)
        }

        /// Whether this object or the app's delegate answers `aSelector`: the delegate methods this object does not
        /// implement reach the app's delegate.
        override func responds(to aSelector: Selector!) -> Bool {
            super.responds(to: aSelector) || (forwarding?.responds(to: aSelector) ?? false)
        }

        /// The app's delegate, for the delegate methods it implements and this object does not.
        override func forwardingTarget(for aSelector: Selector!) -> Any? {
            if let forwarding, forwarding.responds(to: aSelector) { return forwarding }
            return super.forwardingTarget(for: aSelector)
        }
    }
#endif
