internal import Foundation

/// Encodes an `Encodable` straight into a ``NavigationTree/Value``, with no JSON text between: what capturing a
/// flow's navigation costs on every save (and around every event a tool watches). It writes the value `JSONEncoder`
/// followed by `JSONDecoder` would give — URLs as their string, `Data` as base64 text, a `Decimal` and a `Float` as the
/// number their text writes, integral doubles as integers (JSON does not tell `2.0` from `2`) — so a captured tree
/// equals the same tree read back from its JSON.
struct NavigationValueEncoder {
    func encode(_ value: some Encodable) throws -> NavigationTree.Value {
        let node = Node()
        try Self.encode(value, into: node, codingPath: [])
        return node.value
    }

    /// One value being written: a scalar, or the entries of an object or an array, each a node of its own.
    final class Node {
        var scalar: NavigationTree.Value = .null
        var object: [String: Node]?
        var array: [Node]?

        var value: NavigationTree.Value {
            if let object { return .object(object.mapValues(\.value)) }
            if let array { return .array(array.map(\.value)) }
            return scalar
        }
    }

    /// Encodes `value` into `node`: the types JSON writes specially first, then the value's own encoding.
    static func encode(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
        switch value {
        case let url as URL: node.scalar = .string(url.absoluteString)
        case let decimal as Decimal: node.scalar = try number(text: "\(decimal)", codingPath: codingPath)
        case let data as Data: node.scalar = .string(data.base64EncodedString())
        default: try value.encode(to: Writer(node: node, codingPath: codingPath))
        }
    }

    static func number(_ double: Double, codingPath: [any CodingKey]) throws -> NavigationTree.Value {
        guard double.isFinite else {
            throw EncodingError.invalidValue(
                double, .init(codingPath: codingPath, debugDescription: "JSON cannot hold \(double)."))
        }
        if double.rounded() == double, let int = Int64(exactly: double) { return .int(int) }
        return .double(double)
    }

    /// The number JSON writes as `text`, as JSON reads it back: an integer when it is one.
    static func number(text: String, codingPath: [any CodingKey]) throws -> NavigationTree.Value {
        if let int = Int64(text) { return .int(int) }
        guard let double = Double(text) else {
            throw EncodingError.invalidValue(
                text, .init(codingPath: codingPath, debugDescription: "JSON cannot hold the number \(text)."))
        }
        return try number(double, codingPath: codingPath)
    }

    static func integer<T: BinaryInteger>(_ value: T, codingPath: [any CodingKey]) throws -> NavigationTree.Value {
        guard let int = Int64(exactly: value) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(value) does not fit in 64 signed bits."))
        }
        return .int(int)
    }

    /// The `Encoder` a value writes itself to.
    struct Writer: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.object == nil { node.object = [:] }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.array == nil { node.array = [] }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func child(_ key: Key) -> Node {
            let child = Node()
            node.object?[key.stringValue] = child
            return child
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).scalar = .null }
        mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).scalar = .bool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { child(key).scalar = .string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            child(key).scalar = try number(value, codingPath: codingPath + [key])
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            // JSON writes a float as its shortest text (`0.1`), which reads back as that double.
            child(key).scalar = try number(text: "\(value)", codingPath: codingPath + [key])
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { child(key).scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).scalar = .int(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try NavigationValueEncoder.encode(value, into: child(key), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            Writer(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Writer(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            Writer(node: child(Key(stringValue: "super")!), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            Writer(node: child(key), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.array?.count ?? 0 }

        private func next() -> Node {
            let child = Node()
            node.array?.append(child)
            return child
        }

        private var index: any CodingKey { IndexKey(count) }

        mutating func encodeNil() throws { next().scalar = .null }
        mutating func encode(_ value: Bool) throws { next().scalar = .bool(value) }
        mutating func encode(_ value: String) throws { next().scalar = .string(value) }
        mutating func encode(_ value: Double) throws {
            let number = try NavigationValueEncoder.number(value, codingPath: codingPath + [index])
            next().scalar = number
        }
        mutating func encode(_ value: Int) throws { next().scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { next().scalar = .int(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = codingPath + [index]
            try NavigationValueEncoder.encode(value, into: next(), codingPath: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            let path = codingPath + [index]
            return Writer(node: next(), codingPath: path).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let path = codingPath + [index]
            return Writer(node: next(), codingPath: path).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let path = codingPath + [index]
            return Writer(node: next(), codingPath: path)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.scalar = .null }
        mutating func encode(_ value: Bool) throws { node.scalar = .bool(value) }
        mutating func encode(_ value: String) throws { node.scalar = .string(value) }
        mutating func encode(_ value: Double) throws { node.scalar = try number(value, codingPath: codingPath) }
        mutating func encode(_ value: Float) throws {
            node.scalar = try number(text: "\(value)", codingPath: codingPath)
        }
        mutating func encode(_ value: Int) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int8) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int16) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int32) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { node.scalar = .int(value) }
        mutating func encode(_ value: UInt) throws { node.scalar = try integer(value, codingPath: codingPath) }
        mutating func encode(_ value: UInt8) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: UInt16) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: UInt32) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: UInt64) throws { node.scalar = try integer(value, codingPath: codingPath) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try NavigationValueEncoder.encode(value, into: node, codingPath: codingPath)
        }
    }
}

/// The key of an element of an array, for coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
