/// One subscription in a watch's list: its slot in the table, and its order, which a change collected for it carries
/// so that changes are delivered in subscription order without a look at the slots.
struct WatchMember {
    let slot: Int
    let order: Int
}
