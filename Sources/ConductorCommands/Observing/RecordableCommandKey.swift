internal import Foundation

/// A typed context key whose value can be recorded and replayed: every ``CommandKey`` of a `Codable` value.
@MainActor
public protocol RecordableCommandKey {
    /// The key's name.
    var name: String { get }
    /// The key's value in `context` as JSON, if it has one.
    /// - Throws: The encoder's error when the value does not encode.
    func encodedValue(in context: CommandContext) throws -> String?
    /// Decodes `json` and stores it under the key in `context`.
    func restore(_ json: String, in context: CommandContext) throws
}

extension CommandKey: RecordableCommandKey where Value: Codable {
    /// The key's value in `context` as JSON, if it has one.
    public func encodedValue(in context: CommandContext) throws -> String? {
        guard let value = context[self] else { return nil }
        return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    /// Decodes `json` and stores it under the key in `context`.
    public func restore(_ json: String, in context: CommandContext) throws {
        context[self] = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }
}
