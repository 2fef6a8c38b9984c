/// A watched selection that lies at a fixed offset in the state, with the bits of its last value: the table's fast lane.
///
/// Most views watch stored properties (`\.count`, `\.settings.darkMode`). For those, a send compares the bits at the
/// offset with the bits of the last value, in a tight loop with no call, and asks the watch's specialised `==` only
/// when the bits differ. Equal bits prove an unchanged value because the watch retains the last value: no storage it
/// refers to can have been freed and reused, and a copy-on-write buffer it shares cannot have been mutated in place.
/// Different bits do not prove a change (padding, or two strings with equal contents), so the watch decides; either
/// way it then keeps the new value, and the entry its bits.
struct FixedOffsetEntry {
    let offset: Int
    let size: Int
    var bits: ValueBits
    let watch: Watch
}
