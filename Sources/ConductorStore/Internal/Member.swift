/// A subscription's place in the table: its id, the subscription itself held weakly (its token owns it), and the
/// watch whose changes it hears, with its position in that watch's list.
///
/// A class, so that a pending change can refer to it without copying a weak reference (which costs atomic
/// operations on the subscription's side table twice), and so that removing it from its watch's list takes constant
/// time through `position`.
final class Member {
    let id: Int
    weak var subscription: AnySubscription?
    /// Unowned: the watch owns its members, and the table keeps the watch while it has any.
    unowned let watch: Watch
    var position = 0

    init(id: Int, subscription: AnySubscription, watch: Watch) {
        self.id = id
        self.subscription = subscription
        self.watch = watch
    }
}
