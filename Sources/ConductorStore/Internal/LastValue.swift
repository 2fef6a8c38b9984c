/// The last value a watch selected: captured by the watch's `update` closure, and kept by the watch as `last`, which
/// the table hands to the watch's `deliver`.
///
/// `@unchecked Sendable` is sound: the box is reachable only from its watch (its `update` closure and its `last`),
/// and the subscription table, which owns the watch, calls `update` and `deliver` only on the store's actor (the
/// main actor), synchronously, one at a time. The conformance only lets `deliver` hand the value to the
/// subscriber's main-actor handler without a copy into a sendable box.
@usableFromInline
final class LastValue<Value>: @unchecked Sendable {
    // Unchecked exclusivity is sound for the same reason: no two accesses to `value` ever overlap, and dynamic checks
    // would cost every send.
    @usableFromInline @exclusivity(unchecked) var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}
