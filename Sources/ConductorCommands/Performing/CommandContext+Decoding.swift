extension CodingUserInfoKey {
    /// The ``CommandContext`` a type is being decoded from by ``CommandContext/decode(_:)``, in the decoder's
    /// `userInfo`: how a type reads what providers filled in beyond the arguments.
    public static let commandContext = CodingUserInfoKey(rawValue: "Conductor.commandContext")!
}

extension CommandContext {
    /// Decodes a `Decodable` type from the command's arguments: each stored property from the argument of its name,
    /// read by the same typed-value rules as ``int(_:)`` and ``bool(_:)`` (and deep-link parameters), or else from
    /// a value a provider put under a ``CommandKey`` of that name and type.
    ///
    /// ```swift
    /// struct OpenArguments: Decodable { let id: Int; var readOnly: Bool? }
    /// // menu.Open(id: 3, readOnly: yes)
    /// let arguments = try context.decode(OpenArguments.self)        // id 3, readOnly true
    /// ```
    ///
    /// Optional properties may be absent. A type that needs the context itself finds it in the decoder's
    /// `userInfo` under `CodingUserInfoKey.commandContext`. Arguments are one level deep: a property
    /// that is a list or a nested struct comes from a provider's value of exactly that type.
    /// - Throws: `CommandError.missingArgument(identifier:key:)` or
    ///   `CommandError.invalidArgument(identifier:key:value:expected:)` naming the argument; an error the type's
    ///   own `init(from:)` throws, as `CommandError.invalidArgument(identifier:key:value:expected:)`.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(CommandError) -> T {
        let decoder = ArgumentDecoder(
            arguments: arguments,
            values: values,
            identifier: identifier,
            codingPath: [],
            userInfo: [.commandContext: self]
        )
        do {
            return try T(from: decoder)
        } catch let error as CommandError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalidArgument(
                identifier: identifier,
                key: context.codingPath.map(\.stringValue).joined(separator: "."),
                value: context.codingPath.last.flatMap { arguments[$0.stringValue]?.description } ?? "a value",
                expected: context.debugDescription
            )
        } catch {
            throw .invalidArgument(
                identifier: identifier, key: "", value: "the arguments", expected: "\(T.self): \(error)")
        }
    }
}
