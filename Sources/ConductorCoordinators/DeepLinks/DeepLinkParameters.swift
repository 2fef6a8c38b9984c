internal import ConductorSupport

/// The values a URL supplied to a matched pattern: path parameters, query items and the segments a `*` matched.
///
/// Read them typed; a missing or mistyped value throws a ``DeepLinkError`` naming the parameter:
///
/// ```swift
/// links.register("conductor-demo://items/:id") { parameters in
///     AppLink.item(id: try parameters.int("id"))
/// }
/// ```
public struct DeepLinkParameters: Sendable, Equatable {
    /// The URL that matched.
    public let url: String
    /// The pattern it matched.
    public let pattern: String
    /// Path parameters by name, percent-decoded.
    ///
    /// Made on each read: the parameters keep their values in lists, which a match fills without building a
    /// dictionary. To read one value, ``string(_:)`` and its typed siblings cost less.
    public var path: [String: String] {
        Dictionary(pathNames.map { ($0.name, keys[$0.position]) }, uniquingKeysWith: { first, _ in first })
    }
    /// Query items by name (the first, when a name repeats), percent-decoded. Made on each read, as ``path`` is.
    public var query: [String: String] { Self.dictionary(queryItems) }
    /// The segments matched by a trailing `*`, in order.
    public let rest: [String]
    /// The URL's keys (scheme, host, segments), shared with the match, and the path parameters' names with their
    /// positions among them, shared with the pattern: a match hands them over without building anything.
    let keys: [String]
    let pathNames: [(position: Int, name: String)]
    /// Query items, in the URL's order; each name once, the first when the URL repeats it.
    let queryItems: [DeepLinkItem]

    /// Creates parameters; the matcher makes these, tests of handlers may too.
    package init(url: String, pattern: String, path: [String: String], query: [String: String], rest: [String]) {
        self.init(
            url: url,
            pattern: pattern,
            keys: Array(path.values),
            pathNames: path.keys.enumerated().map { ($0.offset, $0.element) },
            queryItems: query.map { DeepLinkItem(name: $0.key, value: $0.value) },
            rest: rest
        )
    }

    init(
        url: String,
        pattern: String,
        keys: [String],
        pathNames: [(position: Int, name: String)],
        queryItems: [DeepLinkItem],
        rest: [String]
    ) {
        self.url = url
        self.pattern = pattern
        self.keys = keys
        self.pathNames = pathNames
        self.queryItems = queryItems
        self.rest = rest
    }

    /// Parameters are equal when their URL, pattern, path and query values and rest are.
    public static func == (lhs: DeepLinkParameters, rhs: DeepLinkParameters) -> Bool {
        lhs.url == rhs.url && lhs.pattern == rhs.pattern && lhs.rest == rhs.rest && lhs.path == rhs.path
            && lhs.query == rhs.query
    }

    private static func dictionary(_ items: [DeepLinkItem]) -> [String: String] {
        Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value of a path parameter, else of a query item, by name.
    private func value(_ name: String) -> String? {
        // A short walk of each list: a URL has a few of each, and comparing costs less than hashing.
        for path in pathNames where path.name == name { return keys[path.position] }
        for item in queryItems where item.name == name { return item.value }
        return nil
    }

    /// A path parameter or, failing that, a query item, as text.
    /// - Throws: `DeepLinkError.missingParameter(name:url:)`.
    public func string(_ name: String) throws(DeepLinkError) -> String {
        guard let value = value(name) else { throw .missingParameter(name: name, url: url) }
        return value
    }

    /// A parameter as an integer.
    /// - Throws: `DeepLinkError.missingParameter(name:url:)` or `DeepLinkError.invalidParameter(name:value:expected:url:)`.
    public func int(_ name: String) throws(DeepLinkError) -> Int {
        let value = try string(name)
        guard let number = TypedText.int(value) else {
            throw .invalidParameter(name: name, value: value, expected: "an integer", url: url)
        }
        return number
    }

    /// A parameter as a floating-point number.
    /// - Throws: `DeepLinkError.missingParameter(name:url:)` or `DeepLinkError.invalidParameter(name:value:expected:url:)`.
    public func double(_ name: String) throws(DeepLinkError) -> Double {
        let value = try string(name)
        guard let number = TypedText.double(value) else {
            throw .invalidParameter(name: name, value: value, expected: "a number", url: url)
        }
        return number
    }

    /// A parameter as a Boolean: `true`/`false`, `yes`/`no`, `1`/`0` in any letter case — the rules command
    /// arguments follow too.
    /// - Throws: `DeepLinkError.missingParameter(name:url:)` or `DeepLinkError.invalidParameter(name:value:expected:url:)`.
    public func bool(_ name: String) throws(DeepLinkError) -> Bool {
        let value = try string(name)
        guard let bool = TypedText.bool(value) else {
            throw .invalidParameter(name: name, value: value, expected: "true or false", url: url)
        }
        return bool
    }
}
