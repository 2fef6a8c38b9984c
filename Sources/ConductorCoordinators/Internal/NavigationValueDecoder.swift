internal import Foundation

/// Decodes a `Decodable` straight from a ``NavigationTree/Value``, with no JSON text between: what restoring a
/// flow's navigation costs. It reads what ``NavigationValueEncoder`` writes, and what `JSONDecoder` reads from the
/// same JSON: a URL from its string, `Data` from base64 text, a floating-point number from an integer.
struct NavigationValueDecoder {
    func decode<T: Decodable>(_ type: T.Type, from value: NavigationTree.Value) throws -> T {
        try Self.decode(type, from: value, codingPath: [])
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: NavigationTree.Value, codingPath: [any CodingKey])
        throws -> T
    {
        if type == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) as? T else {
                throw mismatch(type, value, codingPath)
            }
            return url
        }
        if type == Decimal.self {
            let decimal: Decimal? =
                switch value {
                case .int(let int): Decimal(int)
                case .double(let double): Decimal(string: "\(double)")
                default: nil
                }
            guard let decimal = decimal as? T else { throw mismatch(type, value, codingPath) }
            return decimal
        }
        if type == Data.self {
            guard case .string(let text) = value, let data = Data(base64Encoded: text) as? T else {
                throw mismatch(type, value, codingPath)
            }
            return data
        }
        return try T(from: Reader(value: value, codingPath: codingPath))
    }

    static func mismatch(_ type: Any.Type, _ value: NavigationTree.Value, _ codingPath: [any CodingKey])
        -> DecodingError
    {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected \(type), found \(value)."))
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: NavigationTree.Value, _ path: [any CodingKey])
        throws -> T
    {
        switch value {
        case .int(let int): if let result = T(exactly: int) { return result }
        case .double(let double): if let result = T(exactly: double) { return result }
        default: break
        }
        throw mismatch(type, value, path)
    }

    static func floatingPoint(_ value: NavigationTree.Value, _ path: [any CodingKey]) throws -> Double {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: throw mismatch(Double.self, value, path)
        }
    }

    static func bool(_ value: NavigationTree.Value, _ path: [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, path) }
        return bool
    }

    static func string(_ value: NavigationTree.Value, _ path: [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, value, path) }
        return string
    }

    /// The `Decoder` a value reads itself from.
    struct Reader: Decoder {
        let value: NavigationTree.Value
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let object) = value else {
                throw mismatch([String: Any].self, value, codingPath)
            }
            return KeyedDecodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let array) = value else { throw mismatch([Any].self, value, codingPath) }
            return Unkeyed(array: array, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: [String: NavigationTree.Value]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

        private func value(_ key: Key) throws -> NavigationTree.Value {
            guard let value = object[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "No value for key '\(key.stringValue)'."))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try bool(value(key), codingPath + [key]) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try string(value(key), codingPath + [key])
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try floatingPoint(value(key), codingPath + [key])
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            try integer(type, value(key), codingPath + [key])
        }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
            try integer(type, value(key), codingPath + [key])
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try NavigationValueDecoder.decode(type, from: value(key), codingPath: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try Reader(value: value(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try Reader(value: value(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            Reader(value: object["super"] ?? .null, codingPath: codingPath)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            Reader(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let array: [NavigationTree.Value]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(array: [NavigationTree.Value], codingPath: [any CodingKey]) {
            self.array = array
            self.codingPath = codingPath
        }

        var count: Int? { array.count }
        var isAtEnd: Bool { currentIndex >= array.count }

        private var path: [any CodingKey] { codingPath + [IndexKey(currentIndex)] }

        private mutating func next(_ type: Any.Type) throws -> NavigationTree.Value {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type, .init(codingPath: path, debugDescription: "The array has no more elements."))
            }
            defer { currentIndex += 1 }
            return array[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, array[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode(_ type: Bool.Type) throws -> Bool {
            let path = path
            return try bool(next(type), path)
        }
        mutating func decode(_ type: String.Type) throws -> String {
            let path = path
            return try string(next(type), path)
        }
        mutating func decode(_ type: Double.Type) throws -> Double {
            let path = path
            return try floatingPoint(next(type), path)
        }
        mutating func decode(_ type: Int.Type) throws -> Int {
            let path = path
            return try integer(type, next(type), path)
        }
        mutating func decode(_ type: Int64.Type) throws -> Int64 {
            let path = path
            return try integer(type, next(type), path)
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let path = path
            return try NavigationValueDecoder.decode(type, from: next(type), codingPath: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            let path = path
            return try Reader(value: next(type), codingPath: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let path = path
            return try Reader(value: next([Any].self), codingPath: path).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let path = path
            return Reader(value: try next(Any.self), codingPath: path)
        }
    }
}

extension NavigationValueDecoder.Reader: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try NavigationValueDecoder.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try NavigationValueDecoder.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try NavigationValueDecoder.floatingPoint(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float {
        Float(try NavigationValueDecoder.floatingPoint(value, codingPath))
    }
    func decode(_ type: Int.Type) throws -> Int { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try NavigationValueDecoder.integer(type, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try NavigationValueDecoder.decode(type, from: value, codingPath: codingPath)
    }
}

/// The coding key of an array's element, as Foundation's coders name it in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
