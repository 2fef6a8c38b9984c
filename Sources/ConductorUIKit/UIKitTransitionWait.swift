#if canImport(UIKit) && !os(watchOS)
    internal import UIKit

    /// Waits for UIKit's transitions to end before a host presents or dismisses.
    ///
    /// UIKit refuses to present while a presentation or dismissal it would present over is animating ("Attempt to
    /// present … while a presentation is in progress", or over a view controller being dismissed), and to dismiss
    /// a view controller still being presented; it refuses without an error — the completion never runs — while the
    /// router has already recorded the change. Deferring the call to the end of the transition makes it happen, and its
    /// completion run, exactly once.
    @MainActor
    enum UIKitTransitionWait {
        /// How many frames to poll a view controller that UIKit marks as being presented or dismissed with no
        /// transition coordinator to wait on, before going ahead and letting UIKit decide.
        private static let pollLimit = 120

        /// Runs `body` once none of `controllers()` — asked again after each wait, as what shows changes — is in a
        /// transition: at once when none is.
        ///
        /// A transition's coordinator is waited on through its completion; a view controller being presented or
        /// dismissed without one (or with the one just waited on, which UIKit may not have let go of yet inside its
        /// own completion) is asked again on the next frame, a bounded number of times.
        static func whenIdle(
            _ controllers: @escaping @MainActor () -> [UIViewController],
            run body: @escaping @MainActor () -> Void
        ) {
            whenIdle(controllers, waited: nil, polls: 0, run: body)
        }

        private static func whenIdle(
            _ controllers: @escaping @MainActor () -> [UIViewController],
            waited: (any UIViewControllerTransitionCoordinator)?,
            polls: Int,
            run body: @escaping @MainActor () -> Void
        ) {
            let busy = controllers().first { controller in
                controller.transitionCoordinator != nil || controller.isBeingPresented || controller.isBeingDismissed
            }
            guard let busy else { return body() }
            if let coordinator = busy.transitionCoordinator, coordinator !== waited {
                afterTransition(of: coordinator) {
                    whenIdle(controllers, waited: coordinator, polls: polls, run: body)
                }
            } else if polls < pollLimit {
                afterFrame { whenIdle(controllers, waited: nil, polls: polls + 1, run: body) }
            } else {
                body()
            }
        }

        /// Runs `body` once, when `coordinator`'s transition has completed or been cancelled.
        private static func afterTransition(
            of coordinator: any UIViewControllerTransitionCoordinator,
            run body: @escaping @MainActor () -> Void
        ) {
            let once = RunOnce(body)
            let queued = coordinator.animate(alongsideTransition: nil) { _ in
                // UIKit runs a transition's completions on the main thread.
                MainActor.assumeIsolated { once.run() }
            }
            guard !queued else { return }
            // UIKit "may" still run the completion of a transition it could not queue the (absent) animations of; when
            // it does not, the transition is ending anyway: look again once its duration has passed. Whichever comes
            // first runs `body`; the other finds it run.
            let delay = max(coordinator.transitionDuration, frame)
            Task { @MainActor in
                try? await Task.sleep(for: .seconds(delay))
                once.run()
            }
        }

        /// Runs `body` about one frame from now.
        private static func afterFrame(run body: @escaping @MainActor () -> Void) {
            Task { @MainActor in
                try? await Task.sleep(for: .seconds(frame))
                body()
            }
        }

        /// A frame at 60 Hz, in seconds.
        private static let frame: Double = 1.0 / 60
    }

    /// A closure that runs once, however many times it is asked to.
    @MainActor
    private final class RunOnce {
        private var body: (@MainActor () -> Void)?

        init(_ body: @escaping @MainActor () -> Void) { self.body = body }

        /// Runs the closure the first time; does nothing after.
        func run() {
            let body = self.body
            self.body = nil
            body?()
        }
    }
#endif
