/// A subscription's place in its store's table: the subscription itself, held weakly (whoever keeps its token owns
/// it), the watch whose changes it hears, its position in that watch's list, and its order among the table's
/// subscriptions. A free slot has no watch.
///
/// Slots live in one array, indexed by the number each token keeps, so that finding a subscription costs no
/// hashing and no object of its own; a freed slot is reused by the next subscription.
struct SubscriptionSlot {
    weak var subscription: SubscriptionToken?
    /// Strong: a pending change may outlive the watch's place in the table's lists.
    var watch: Watch?
    var position = 0
    /// Increases with every subscription the table adds: delivery order, and what tells a pending change that its
    /// slot was freed and reused meanwhile.
    var order = 0
}
