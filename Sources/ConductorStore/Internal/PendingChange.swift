/// A subscription to notify of its selection's change, once every watch has been read.
struct PendingChange {
    let id: Int
    let watch: Watch
    /// Weak, so that a handler that releases another subscriber's token earlier in the same round stops it.
    weak var subscription: AnySubscription?
}
