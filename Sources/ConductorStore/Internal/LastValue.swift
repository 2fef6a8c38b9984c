/// The last value a probe selected.
@usableFromInline
final class LastValue<Value> {
    // Unchecked exclusivity is sound: only the probe that owns this box reads and writes `value`, synchronously,
    // on the main actor, and never while another access to it is in progress; dynamic checks would cost every send.
    @usableFromInline @exclusivity(unchecked) var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}
