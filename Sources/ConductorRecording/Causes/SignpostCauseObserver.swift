#if canImport(os)
    public import os

    /// Marks each ``Cause`` as a signpost interval, from its beginning to its end, so that Instruments' Points of
    /// Interest (or a custom instrument on the subsystem) shows which command, action, link or intent the app was
    /// busy with, and for how long. Apple platforms only.
    ///
    /// ```swift
    /// #if DEBUG
    /// let signposts = SignpostCauseObserver()
    /// Causes.addObserver(signposts)   // keep `signposts` alive: observers are held weakly
    /// #endif
    /// ```
    @MainActor
    public final class SignpostCauseObserver: CauseObserver {
        private let signposter: OSSignposter
        private var intervals: [Int: OSSignpostIntervalState] = [:]

        /// An observer that signposts on `subsystem` and `category`; Points of Interest by default.
        public init(subsystem: String = "Conductor", category: String = OSLog.Category.pointsOfInterest) {
            signposter = OSSignposter(subsystem: subsystem, category: category)
        }

        /// Begins the cause's interval, named by what set it off.
        public func causeDidBegin(_ cause: Cause) {
            let id = signposter.makeSignpostID()
            intervals[cause.trace] = signposter.beginInterval("cause", id: id, "\(cause.description, privacy: .public)")
        }

        /// Ends the cause's interval.
        public func causeDidEnd(_ cause: Cause) {
            guard let state = intervals.removeValue(forKey: cause.trace) else { return }
            signposter.endInterval("cause", state)
        }
    }
#endif
