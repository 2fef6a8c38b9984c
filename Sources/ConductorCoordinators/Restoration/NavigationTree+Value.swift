internal import Foundation

extension NavigationTree {
    /// A flow's navigation as saved: the JSON of its ``NavigationState``, kept as a JSON value inside the tree's
    /// JSON (not as text in a string), so a saved tree reads as one document.
    ///
    /// Integers are kept as 64-bit integers, so an `Int64` id round-trips exactly.
    public indirect enum Value: Codable, Sendable, Hashable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number without a fraction that fits in 64 bits.
        case int(Int64)
        /// Any other number.
        case double(Double)
        /// A string.
        case string(String)
        /// An array.
        case array([Value])
        /// An object, its keys sorted when encoded (`JSONEncoder.OutputFormatting.sortedKeys`).
        case object([String: Value])

        /// Decodes any JSON value.
        ///
        /// A decoder says what a value is only by failing to read it as something else, and each failure builds an
        /// error with its coding path: the kinds are tried in the order a saved navigation holds them most — an
        /// object (each destination is one or two), then a number or a string, then an array (one a stack) — so a
        /// destination costs two failed tries, not five.
        public init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: AnyKey.self) {
                var values: [String: Value] = [:]
                for key in object.allKeys { values[key.stringValue] = try object.decode(Value.self, forKey: key) }
                self = .object(values)
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let int = try? single.decode(Int64.self) {
                self = .int(int)
            } else if let string = try? single.decode(String.self) {
                self = .string(string)
            } else if var array = try? decoder.unkeyedContainer() {
                var values: [Value] = []
                while !array.isAtEnd { values.append(try array.decode(Value.self)) }
                self = .array(values)
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let unsigned = try? single.decode(UInt64.self) {
                // Read as a double it would come back as another number: kept exactly or refused, never rounded.
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "\(unsigned) is past Int64.max: a navigation keeps integers exactly")
            } else {
                self = .double(try single.decode(Double.self))
            }
        }

        /// Encodes the value as the JSON it stands for.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .null:
                var single = encoder.singleValueContainer()
                try single.encodeNil()
            case .bool(let bool):
                var single = encoder.singleValueContainer()
                try single.encode(bool)
            case .int(let int):
                var single = encoder.singleValueContainer()
                try single.encode(int)
            case .double(let double):
                var single = encoder.singleValueContainer()
                try single.encode(double)
            case .string(let string):
                var single = encoder.singleValueContainer()
                try single.encode(string)
            case .array(let values):
                var array = encoder.unkeyedContainer()
                for value in values { try array.encode(value) }
            case .object(let values):
                var object = encoder.container(keyedBy: AnyKey.self)
                for (key, value) in values { try object.encode(value, forKey: AnyKey(stringValue: key)) }
            }
        }

        /// The value as JSON text, its keys sorted: `{"stack":[{"list":{}}]}`.
        public var json: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do { return String(decoding: try encoder.encode(self), as: UTF8.self) } catch {
                // A value of JSON's own kinds encodes; a non-finite double is the one thing JSON cannot hold.
                return "(not JSON: \(error))"
            }
        }

        /// The value of `encodable`: what its JSON reads back as.
        /// - Throws: `EncodingError.invalidValue` for what JSON cannot hold (a non-finite number, an unsigned integer
        ///   past `Int64.max`).
        public init(encoding encodable: some Encodable) throws {
            // Foundation's coders, through JSON text: this runs where a tree's flows are read as values (a test, a
            // tool, a report), never around an event, so a coder of its own would buy nothing (ARCHITECTURE.md).
            let data = try JSONEncoder().encode(encodable)
            do { self = try JSONDecoder().decode(Value.self, from: data) } catch {
                throw EncodingError.invalidValue(
                    encodable, .init(codingPath: [], debugDescription: "Its JSON is not a navigation value: \(error)"))
            }
        }

        /// The value read as `type`, as its JSON would be decoded.
        /// - Throws: `DecodingError` when the value does not have `type`'s shape.
        public func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try NavigationValueDecoder().decode(type, from: self)
        }
    }

    /// Any string key of a JSON object.
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
