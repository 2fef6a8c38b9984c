/// Up to 16 bytes of a value, zero-padded: what the table's fast lane compares.
@usableFromInline
struct ValueBits: Equatable {
    /// How many bytes a value may have to be compared by its bits; larger selections go through their watch's
    /// `update` on every send.
    @usableFromInline static var capacity: Int { 16 }

    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The `size` bytes at `address`, which need not be aligned; `size` is at most 16.
    @inline(__always)
    init(at address: UnsafeRawPointer, size: Int) {
        if size == 8 {
            low = address.loadUnaligned(as: UInt64.self)
        } else {
            withUnsafeMutableBytes(of: &self) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: size))
            }
        }
    }

    /// The bits of `value`, which is at most 16 bytes.
    @usableFromInline
    init<Value>(of value: Value) {
        self = withUnsafeBytes(of: value) { ValueBits(at: $0.baseAddress!, size: $0.count) }
    }
}
