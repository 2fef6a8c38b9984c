/// What a key-path watch is shared under: subscribers of equal keys share one watch.
///
/// A key path with a fixed offset is keyed by that offset and its value's type rather than by the key path itself:
/// the two select the same bytes read as the same type, so the same value, and two integers hash in a fraction of
/// the time a key path takes (hashing a key path walks its components).
@usableFromInline
enum WatchKey: Hashable {
    /// The value of the type identified, at this offset in the state.
    case offset(Int, ObjectIdentifier)
    /// A key path without a fixed offset: one with a subscript, a computed property, optional chaining or a class
    /// property.
    case keyPath(AnyKeyPath)

    /// Hashes an offset key as one word — its type's identity mixed with its offset — rather than the three words
    /// (case, offset, type) a synthesized hash combines: subscribing and unsubscribing hash a key each time.
    /// Keys of the two cases may collide; `==` tells them apart.
    @usableFromInline
    func hash(into hasher: inout Hasher) {
        switch self {
        case .offset(let offset, let type):
            hasher.combine(UInt(bitPattern: type.hashValue) ^ (UInt(bitPattern: offset) &* 0x9E37_79B9_7F4A_7C15))
        case .keyPath(let keyPath):
            hasher.combine(keyPath)
        }
    }
}
