/// A subscription to notify of its selection's change, once every watch has been read.
struct PendingChange {
    let member: Member
    /// Held here too: a handler earlier in the round may end the last subscription of the watch, which the table
    /// then lets go.
    let watch: Watch
}
