/// What a replayer does with lines it cannot decode.
public enum ReplayMode: Sendable {
    /// Decode every line first; on the first bad line throw and replay nothing.
    case allOrNothing
    /// Replay every good line and report the bad ones in ``ReplayReport/skipped``.
    case skipInvalidLines
}
