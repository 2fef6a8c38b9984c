#if canImport(UIKit) && !os(watchOS)
    internal import UIKit

    /// Which ``UIKitNavigationHost`` presented each view controller the UIKit hosts present, across every host.
    ///
    /// UIKit dismisses a view controller together with everything presented above it, whoever presented that: a
    /// router that dismisses its sheet takes with it a sheet another router presented over it (from a flow shown in
    /// the sheet), and UIKit tells nobody — `presentationControllerDidDismiss(_:)` is for the user's dismissals only.
    /// The host that dismissed looks the others up here and tells them, so their routers do not go on believing they
    /// present it. Hosts are held weakly (a router keeps its host), and each entry holds its view controller weakly, so
    /// an entry whose view controller went — and whose identifier a new object may reuse — is never taken for it.
    @MainActor
    enum UIKitPresentations {
        /// A view controller presented by a host.
        private struct Entry {
            weak var controller: UIViewController?
            weak var host: UIKitNavigationHost?
        }

        /// The presented view controllers, by identity.
        private static var entries: [ObjectIdentifier: Entry] = [:]

        /// `host` presents `controller`; entries whose view controller is gone are dropped on the way, so the
        /// registry holds no more than what is presented.
        static func register(_ controller: UIViewController, presentedBy host: UIKitNavigationHost) {
            entries = entries.filter { $0.value.controller != nil && $0.value.host != nil }
            entries[ObjectIdentifier(controller)] = Entry(controller: controller, host: host)
        }

        /// `controller` is no longer presented by the host that registered it.
        static func unregister(_ controller: UIViewController) {
            let key = ObjectIdentifier(controller)
            if let entry = entries[key], entry.controller == nil || entry.controller === controller {
                entries[key] = nil
            }
        }

        /// The host that presented `controller`, if a host did and is still alive.
        static func host(presenting controller: UIViewController) -> UIKitNavigationHost? {
            guard let entry = entries[ObjectIdentifier(controller)], entry.controller === controller else { return nil }
            return entry.host
        }

        /// The view controllers presented above `controller`, bottom first: what UIKit dismisses with it.
        static func presented(above controller: UIViewController) -> [UIViewController] {
            Array(chain(from: controller).dropFirst())
        }

        /// `controller` and the view controllers presented above it, bottom first: what a presentation over it
        /// would be presented over.
        static func chain(from controller: UIViewController) -> [UIViewController] {
            var chain = [controller]
            var next = controller.presentedViewController
            while let presented = next {
                chain.append(presented)
                next = presented.presentedViewController
            }
            return chain
        }

        /// UIKit dismissed `controllers` along with a view controller the host under them dismissed by code: each one
        /// a host presented is reported to that host, topmost first — the order in which a router's own `onDismiss`
        /// handlers run — and its router drops the module and runs its `onDismiss`. A view controller UIKit did not
        /// take after all (it is still presented) is left alone.
        static func reportDismissed(_ controllers: [UIViewController]) {
            for controller in controllers.reversed() where controller.presentingViewController == nil {
                host(presenting: controller)?.presentationDidEnd(of: controller)
            }
        }
    }
#endif
