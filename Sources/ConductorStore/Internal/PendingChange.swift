/// A subscription to notify of its selection's change, once every watch has been read.
struct PendingChange {
    /// The subscription's slot, valid while its order is still `order` (else the slot was freed and reused).
    let slot: Int
    let order: Int
    /// Held here too: a handler earlier in the round may end the last subscription of the watch, which the table
    /// then lets go.
    let watch: Watch
}
