import Observation

/// Counts Observation's invalidations of the reads it tracks, as SwiftUI counts a view's.
@MainActor
final class InvalidationCount {
    private(set) var value = 0

    /// Tracks the reads `read` makes, once: the next change to any of them counts one invalidation. The observed
    /// object keeps the tracker until then, so `read` should hold it weakly.
    func track(_ read: @escaping @MainActor () -> Void) {
        withObservationTracking(read) {
            // Changes happen on the main actor, where commands and the undo stack live.
            MainActor.assumeIsolated { self.value += 1 }
        }
    }
}
