/// What a replay did.
public struct ReplayReport: Sendable, Equatable {
    /// How many records were replayed.
    public let replayed: Int
    /// The lines left out, in ``ReplayMode/skipInvalidLines`` mode.
    public let skipped: [RecordingError]

    /// Creates a report.
    package init(replayed: Int, skipped: [RecordingError]) {
        self.replayed = replayed
        self.skipped = skipped
    }
}
