#if canImport(os)
    internal import Foundation
    internal import os

    /// Marks each ``Cause`` as a signpost interval, from its beginning to its end, so that Instruments' Points of
    /// Interest (or a custom instrument on the subsystem) shows which command, action, link or intent the app was
    /// busy with, and for how long. Apple platforms only.
    ///
    /// <!-- not compiled: os_signpost, on Apple platforms only -->
    /// ```swift
    /// #if DEBUG
    /// let signposts = SignpostCauseObserver()
    /// Causes.addObserver(signposts)   // keep `signposts` alive: observers are held weakly
    /// #endif
    /// ```
    @MainActor
    public final class SignpostCauseObserver: CauseObserver {
        private let log: OSLog
        private var intervals: [Int: OSSignpostID] = [:]

        /// An observer that signposts on `subsystem` and `category`; Points of Interest by default.
        public init(subsystem: String = "Conductor", category: String = "PointsOfInterest") {
            log = OSLog(subsystem: subsystem, category: category)
        }

        /// Begins the cause's interval, named by what set it off.
        public func causeDidBegin(_ cause: Cause) {
            let id = OSSignpostID(log: log)
            intervals[cause.trace] = id
            // The format-string form: its message is a plain C format, written the same by every SDK's os module.
            os_signpost(.begin, log: log, name: "cause", signpostID: id, "%{public}@", cause.description as NSString)
        }

        /// Ends the cause's interval.
        public func causeDidEnd(_ cause: Cause) {
            guard let id = intervals.removeValue(forKey: cause.trace) else { return }
            os_signpost(.end, log: log, name: "cause", signpostID: id)
        }
    }
#endif
