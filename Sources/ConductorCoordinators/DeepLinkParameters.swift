internal import ConductorSupport

/// The values a URL supplied to a matched pattern: path parameters, query items and the segments a `*` matched.
///
/// Read them typed; a missing or mistyped value throws a ``DeepLinkError`` naming the parameter:
///
/// ```swift
/// try router.register("conductor-demo://items/:id") { parameters in
///     AppLink.item(id: try parameters.int("id"))
/// }
/// ```
public struct DeepLinkParameters: Sendable, Equatable {
    /// The URL that matched.
    public let url: String
    /// The pattern it matched.
    public let pattern: String
    /// Path parameters by name, percent-decoded.
    public let path: [String: String]
    /// Query items by name (the first, when a name repeats), percent-decoded.
    public let query: [String: String]
    /// The segments matched by a trailing `*`, in order.
    public let rest: [String]

    /// Creates parameters; the matcher makes these, tests of handlers may too.
    public init(url: String, pattern: String, path: [String: String], query: [String: String], rest: [String]) {
        self.url = url
        self.pattern = pattern
        self.path = path
        self.query = query
        self.rest = rest
    }

    /// A path parameter or, failing that, a query item, as text.
    /// - Throws: ``DeepLinkError/missingParameter(name:url:)``.
    public func string(_ name: String) throws(DeepLinkError) -> String {
        guard let value = path[name] ?? query[name] else { throw .missingParameter(name: name, url: url) }
        return value
    }

    /// A parameter as an integer.
    /// - Throws: ``DeepLinkError/missingParameter(name:url:)`` or ``DeepLinkError/invalidParameter(name:value:expected:url:)``.
    public func int(_ name: String) throws(DeepLinkError) -> Int {
        let value = try string(name)
        guard let number = TypedText.int(value) else {
            throw .invalidParameter(name: name, value: value, expected: "an integer", url: url)
        }
        return number
    }

    /// A parameter as a floating-point number.
    /// - Throws: ``DeepLinkError/missingParameter(name:url:)`` or ``DeepLinkError/invalidParameter(name:value:expected:url:)``.
    public func double(_ name: String) throws(DeepLinkError) -> Double {
        let value = try string(name)
        guard let number = TypedText.double(value) else {
            throw .invalidParameter(name: name, value: value, expected: "a number", url: url)
        }
        return number
    }

    /// A parameter as a Boolean: `true`/`false`, `yes`/`no`, `1`/`0` in any letter case — the rules command
    /// arguments follow too.
    /// - Throws: ``DeepLinkError/missingParameter(name:url:)`` or ``DeepLinkError/invalidParameter(name:value:expected:url:)``.
    public func bool(_ name: String) throws(DeepLinkError) -> Bool {
        let value = try string(name)
        guard let bool = TypedText.bool(value) else {
            throw .invalidParameter(name: name, value: value, expected: "true or false", url: url)
        }
        return bool
    }
}
