/// Why a URL, a notification payload or a pattern could not be turned into a deep link.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A registered pattern is not of the form `scheme://host/segment/:parameter/*`.
    case invalidPattern(pattern: String, reason: String)
    /// The same pattern was registered twice.
    case duplicatePattern(pattern: String)
    /// The text is not a URL with a scheme, such as `conductor-demo://items/3`.
    case malformedURL(url: String)
    /// The URL is longer than the matcher accepts.
    case tooLong(length: Int, limit: Int)
    /// No pattern uses the URL's scheme; `known` lists the schemes that are registered.
    case unknownScheme(url: String, scheme: String, known: [String])
    /// No pattern matches the URL.
    case noMatch(url: String)
    /// The matched pattern's handler asked for a parameter the URL does not have.
    case missingParameter(name: String, url: String)
    /// A parameter's value does not have the expected type, such as `abc` where an `Int` was expected.
    case invalidParameter(name: String, value: String, expected: String, url: String)
    /// A notification payload holds no deep link this router knows.
    case unknownPayload(keys: [String])
    /// The link resolved, but no flow of the coordinator tree took it.
    case notHandled(link: String, coordinator: String)
    /// A path segment or query item of the URL is not valid percent-encoded UTF-8, such as `%FF`.
    case undecodable(url: String, part: String)

    /// Says what went wrong and what to do.
    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let reason):
            return "Deep-link pattern '\(pattern)' is invalid: \(reason). Patterns look like "
                + "'scheme://host/segment/:parameter', with an optional trailing '*'."
        case .duplicatePattern(let pattern):
            return "Deep-link pattern '\(pattern)' is already registered; register each pattern once."
        case .malformedURL(let url):
            return "'\(url)' is not a deep-link URL; expected something like 'conductor-demo://items/3'."
        case .tooLong(let length, let limit):
            return "The URL is \(length) characters long; deep links are limited to \(limit)."
        case .unknownScheme(let url, let scheme, let known):
            return "No deep link uses scheme '\(scheme)' (in '\(url)'); known schemes: "
                + (known.isEmpty ? "none" : known.joined(separator: ", ")) + "."
        case .noMatch(let url):
            return "No deep-link pattern matches '\(url)'."
        case .missingParameter(let name, let url):
            return "Deep link '\(url)' lacks parameter '\(name)'."
        case .invalidParameter(let name, let value, let expected, let url):
            return "Parameter '\(name)' of deep link '\(url)' is '\(value)', which is not \(expected)."
        case .notHandled(let link, let coordinator):
            return "No flow under '\(coordinator)' took deep link \(link). Handle it in a coordinator's "
                + "handle(deepLink:), or start the flow that does first."
        case .undecodable(let url, let part):
            return "Deep link '\(url)' has '\(part)', which does not percent-decode to UTF-8 text; encode each byte "
                + "of the UTF-8 text as %XX."
        case .unknownPayload(let keys):
            return "The notification payload (keys: \(keys.sorted().joined(separator: ", "))) holds no known deep link."
        }
    }
}
