/// A watch in the table's list of watches read through their `update` on every send, held unretained: the loop then
/// loads a plain pointer and calls the watch's `update` through a borrowed reference, where a stored closure or a
/// strong reference loaded from the list is retained and released around every call — about half of what a
/// selector costs a send.
///
/// Sound because the table keeps every listed watch alive by other means: each watch in the list has at least one
/// subscription, whose slot holds the watch strongly (and a key path's watch is also in the table's dictionary),
/// and the table takes a watch out of the list in the same call that lets go of its last subscription, while a local
/// reference still holds it. No `update` reaches the table, so none can remove a watch during the loop.
struct WatchEntry {
    let watch: Unmanaged<Watch>

    init(_ watch: Watch) { self.watch = .passUnretained(watch) }
}
