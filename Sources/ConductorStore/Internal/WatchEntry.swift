/// A watch in the table's list of watches read through their `update` on every send, with that closure beside it:
/// calling it from the list then borrows it, where loading it from the watch would retain and release it.
struct WatchEntry {
    let update: (UnsafeMutableRawPointer) -> Bool
    let watch: Watch
}
