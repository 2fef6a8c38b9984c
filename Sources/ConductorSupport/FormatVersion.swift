/// How Conductor's saved formats — a navigation tree, an app test — read their version: the one rule that a value
/// written by a newer format is refused with a message that says so, rather than read wrong.
package enum FormatVersion {
    /// The version at `key`, when it is `current` or older.
    /// - Parameters:
    ///   - what: What was written, to start the message: "The navigation was saved", "The app test was written".
    /// - Throws: `DecodingError.dataCorrupted` when the version is newer than `current`, or below 1; what decoding an `Int`
    ///   throws when it is missing or not a number.
    package static func decode<Key: CodingKey>(
        _ key: Key, in container: KeyedDecodingContainer<Key>, current: Int, what: String
    ) throws -> Int {
        let version = try container.decode(Int.self, forKey: key)
        guard version >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(what) in format \(version), which no version writes: formats start at 1.")
        }
        guard version <= current else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(what) in format \(version) by a newer version; this one reads format \(current) "
                    + "and older.")
        }
        return version
    }
}
