internal import ConductorSupport

/// Decodes a flat `Decodable` type from a command's context: each stored property from the argument of its name,
/// read by the typed-value rules (``CommandValue``), or else from a value a provider put under that name.
///
/// Only one level: a property whose type is itself a keyed or unkeyed container (a struct, an array) is read from a
/// provider's value of exactly that type, never decoded from arguments.
struct ArgumentDecoder: Decoder {
    let arguments: [String: CommandValue]
    let values: [String: Any]
    let identifier: CommandIdentifier
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard codingPath.isEmpty else { throw unsupported("a nested value") }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw unsupported("a list") }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw unsupported("a single value") }

    private func unsupported(_ what: String) -> CommandError {
        .invalidArgument(
            identifier: identifier,
            key: codingPath.map(\.stringValue).joined(separator: "."),
            value: what,
            expected: "arguments of text, numbers and Booleans"
        )
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ArgumentDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] {
            (Array(decoder.arguments.keys) + Array(decoder.values.keys)).compactMap { Key(stringValue: $0) }
        }

        func contains(_ key: Key) -> Bool {
            decoder.arguments[key.stringValue] != nil || decoder.values[key.stringValue] != nil
        }

        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try read(key, "true or false") { $0.boolValue }
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try read(key, "text") { $0.stringValue }
        }

        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try read(key, "a number") { $0.doubleValue }
        }

        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try read(key, "a number") { $0.doubleValue.flatMap { Float(exactly: $0) ?? Float($0) } }
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            try read(key, "an integer") { $0.intValue }
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            if let value = decoder.values[key.stringValue] as? T { return value }
            if let value = decoder.arguments[key.stringValue] {
                switch type {
                case is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt8.Type,
                    is UInt16.Type, is UInt32.Type, is UInt64.Type:
                    guard let int = value.intValue, let typed = Self.integer(int, as: type) else {
                        throw mismatch(key, value, "an integer that fits \(type)")
                    }
                    return typed
                default: break
                }
                if let typed = value as? T { return typed }
                let nested = ArgumentDecoder(
                    arguments: [:], values: [:], identifier: decoder.identifier,
                    codingPath: codingPath + [key], userInfo: decoder.userInfo)
                return try T(from: SingleArgument(decoder: nested, value: value))
            }
            throw CommandError.missingArgument(identifier: decoder.identifier, key: key.stringValue)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            throw decoder.unsupported("a nested value")
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw decoder.unsupported("a list")
        }

        func superDecoder() throws -> any Decoder { decoder }

        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }

        private func read<T>(_ key: Key, _ expected: String, _ convert: (CommandValue) -> T?) throws -> T {
            if let value = decoder.values[key.stringValue] as? T { return value }
            guard let value = decoder.arguments[key.stringValue] else {
                throw CommandError.missingArgument(identifier: decoder.identifier, key: key.stringValue)
            }
            guard let typed = convert(value) else { throw mismatch(key, value, expected) }
            return typed
        }

        private func mismatch(_ key: Key, _ value: CommandValue, _ expected: String) -> CommandError {
            .invalidArgument(
                identifier: decoder.identifier, key: key.stringValue, value: value.description, expected: expected)
        }

        private static func integer<T>(_ value: Int, as type: T.Type) -> T? {
            switch type {
            case is Int8.Type: Int8(exactly: value) as? T
            case is Int16.Type: Int16(exactly: value) as? T
            case is Int32.Type: Int32(exactly: value) as? T
            case is Int64.Type: Int64(exactly: value) as? T
            case is UInt.Type: UInt(exactly: value) as? T
            case is UInt8.Type: UInt8(exactly: value) as? T
            case is UInt16.Type: UInt16(exactly: value) as? T
            case is UInt32.Type: UInt32(exactly: value) as? T
            case is UInt64.Type: UInt64(exactly: value) as? T
            default: nil
            }
        }
    }

    /// One argument as a single value: for `RawRepresentable` enums and other types that decode from one value.
    struct SingleArgument: Decoder, SingleValueDecodingContainer {
        let decoder: ArgumentDecoder
        let value: CommandValue
        var codingPath: [any CodingKey] { decoder.codingPath }
        var userInfo: [CodingUserInfoKey: Any] { decoder.userInfo }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw decoder.unsupported("a nested value")
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw decoder.unsupported("a list") }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) throws -> Bool { try typed(value.boolValue, "true or false") }
        func decode(_ type: String.Type) throws -> String { value.stringValue }
        func decode(_ type: Double.Type) throws -> Double { try typed(value.doubleValue, "a number") }
        func decode(_ type: Float.Type) throws -> Float { try typed(value.doubleValue.map { Float($0) }, "a number") }
        func decode(_ type: Int.Type) throws -> Int { try typed(value.intValue, "an integer") }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if let typed = value as? T { return typed }
            throw decoder.unsupported("a value of type \(type)")
        }

        private func typed<T>(_ converted: T?, _ expected: String) throws -> T {
            guard let converted else {
                throw CommandError.invalidArgument(
                    identifier: decoder.identifier,
                    key: codingPath.map(\.stringValue).joined(separator: "."),
                    value: value.description,
                    expected: expected
                )
            }
            return converted
        }
    }
}
