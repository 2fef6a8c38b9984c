/// Why a URL, a notification payload or a pattern could not be turned into a deep link.
///
/// A struct with a ``code`` rather than an enum, so that a new kind of failure in a later release does not break a
/// `switch` in your code. Create and compare errors with the static functions, which read like enum cases:
///
/// ```swift
/// do { try coordinator.open(url, with: links) } catch {
///     if error.code == .notHandled { showLoginFirst() }
/// }
/// #expect(throws: DeepLinkError.noMatch(url: "myapp://nowhere")) { try links.resolve("myapp://nowhere") }
/// ```
public struct DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in later releases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, such as `noMatch`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// A registered pattern is not of the form `scheme://host/segment/:parameter/*`.
        package static let invalidPattern = Code("invalidPattern")
        /// The same pattern was registered twice.
        package static let duplicatePattern = Code("duplicatePattern")
        /// The text is not a URL with a scheme.
        public static let malformedURL = Code("malformedURL")
        /// The URL is longer than the matcher accepts.
        public static let tooLong = Code("tooLong")
        /// No pattern uses the URL's scheme.
        public static let unknownScheme = Code("unknownScheme")
        /// No pattern matches the URL.
        public static let noMatch = Code("noMatch")
        /// The matched pattern's handler asked for a parameter the URL does not have.
        public static let missingParameter = Code("missingParameter")
        /// A parameter's value does not have the expected type.
        public static let invalidParameter = Code("invalidParameter")
        /// The matched pattern's handler refused the URL with an error of its own.
        public static let rejected = Code("rejected")
        /// A notification payload holds no deep link the matcher knows.
        public static let unknownPayload = Code("unknownPayload")
        /// The link resolved, but no flow of the coordinator tree took it.
        public static let notHandled = Code("notHandled")
        /// A path segment or query item is not valid percent-encoded UTF-8.
        public static let undecodable = Code("undecodable")
        /// No flow could take the link yet, or what it needs was missing: ``DeferredDeepLinks`` keeps it and offers
        /// it again when the active path changes. Told to deep-link observers; never thrown.
        public static let deferred = Code("deferred")
        /// A kept link was dropped: it expired, or newer links took its place. Told to deep-link observers; never
        /// thrown.
        public static let dropped = Code("dropped")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// The URL involved, when there is one.
    public let url: String?
    /// The pattern involved: for a malformed or repeated pattern (reported when registered, not thrown), and for
    /// ``Code/rejected``.
    public let pattern: String?
    /// Why: the reason a pattern is malformed (reported when registered), a handler's refusal for ``Code/rejected``,
    /// or why a link was kept or dropped (``Code/deferred``, ``Code/dropped``).
    public let reason: String?
    /// The parameter involved, for ``Code/missingParameter`` and ``Code/invalidParameter``.
    public let parameter: String?
    /// The parameter's value, for ``Code/invalidParameter``.
    public let value: String?
    /// What the parameter should have been, such as `an integer`, for ``Code/invalidParameter``.
    public let expected: String?
    /// The URL's scheme, for ``Code/unknownScheme``.
    public let scheme: String?
    /// The schemes that are registered (``Code/unknownScheme``) or the payload's keys (``Code/unknownPayload``).
    public let known: [String]
    /// The URL's length and the matcher's limit, for ``Code/tooLong``.
    public let length: Int?
    /// The matcher's length limit, for ``Code/tooLong``.
    public let limit: Int?
    /// The link that resolved, described, for ``Code/notHandled``.
    public let link: String?
    /// The coordinator the link was offered to, for ``Code/notHandled``.
    public let coordinator: String?
    /// The part of the URL that does not decode, for ``Code/undecodable``.
    public let part: String?

    private init(
        _ code: Code,
        url: String? = nil,
        pattern: String? = nil,
        reason: String? = nil,
        parameter: String? = nil,
        value: String? = nil,
        expected: String? = nil,
        scheme: String? = nil,
        known: [String] = [],
        length: Int? = nil,
        limit: Int? = nil,
        link: String? = nil,
        coordinator: String? = nil,
        part: String? = nil
    ) {
        self.code = code
        self.url = url
        self.pattern = pattern
        self.reason = reason
        self.parameter = parameter
        self.value = value
        self.expected = expected
        self.scheme = scheme
        self.known = known
        self.length = length
        self.limit = limit
        self.link = link
        self.coordinator = coordinator
        self.part = part
    }

    /// `pattern` is invalid, for `reason`.
    package static func invalidPattern(pattern: String, reason: String) -> Self {
        Self(.invalidPattern, pattern: pattern, reason: reason)
    }

    /// `pattern` was registered twice.
    package static func duplicatePattern(pattern: String) -> Self { Self(.duplicatePattern, pattern: pattern) }

    /// `url` is not a URL with a scheme.
    public static func malformedURL(url: String) -> Self { Self(.malformedURL, url: url) }

    /// The URL is `length` characters long, over `limit`.
    public static func tooLong(length: Int, limit: Int) -> Self { Self(.tooLong, length: length, limit: limit) }

    /// No pattern uses `scheme`; `known` lists the schemes that are registered.
    public static func unknownScheme(url: String, scheme: String, known: [String]) -> Self {
        Self(.unknownScheme, url: url, scheme: scheme, known: known)
    }

    /// No pattern matches `url`.
    public static func noMatch(url: String) -> Self { Self(.noMatch, url: url) }

    /// The handler asked for parameter `name`, which `url` does not have.
    public static func missingParameter(name: String, url: String) -> Self {
        Self(.missingParameter, url: url, parameter: name)
    }

    /// Parameter `name` is `value`, which is not what was `expected`.
    /// The handler of `pattern` refused `url`, throwing `reason`.
    public static func rejected(url: String, pattern: String, reason: String) -> Self {
        Self(.rejected, url: url, pattern: pattern, reason: reason)
    }

    /// Parameter `name` of `url` is `value`, which is not `expected` (such as `an integer`).
    public static func invalidParameter(name: String, value: String, expected: String, url: String) -> Self {
        Self(.invalidParameter, url: url, parameter: name, value: value, expected: expected)
    }

    /// A notification payload with `keys` holds no deep link the matcher knows.
    public static func unknownPayload(keys: [String]) -> Self { Self(.unknownPayload, known: keys) }

    /// `link` resolved, but no flow under `coordinator` took it.
    public static func notHandled(link: String, coordinator: String) -> Self {
        Self(.notHandled, link: link, coordinator: coordinator)
    }

    /// `link` is kept until a flow can take it, because of `reason`.
    public static func deferred(link: String, reason: String) -> Self { Self(.deferred, reason: reason, link: link) }

    /// The kept `link` was dropped, because of `reason`.
    public static func dropped(link: String, reason: String) -> Self { Self(.dropped, reason: reason, link: link) }

    /// `part` of `url` does not percent-decode to UTF-8.
    public static func undecodable(url: String, part: String) -> Self { Self(.undecodable, url: url, part: part) }

    /// Says what went wrong and what to do.
    public var description: String {
        let url = self.url ?? ""
        switch code {
        case .invalidPattern:
            return "Deep-link pattern '\(pattern ?? "")' is invalid: \(reason ?? "unknown reason"). Patterns look "
                + "like 'scheme://host/segment/:parameter', with an optional trailing '*'."
        case .duplicatePattern:
            return "Deep-link pattern '\(pattern ?? "")' is already registered; register each pattern once."
        case .malformedURL:
            return "'\(url)' is not a deep-link URL; expected 'scheme://host/path', such as 'myapp://items/3'."
        case .tooLong:
            return "The URL is \(length ?? 0) characters long; deep links are limited to \(limit ?? 0)."
        case .unknownScheme:
            return "No deep link uses scheme '\(scheme ?? "")' (in '\(url)'); known schemes: "
                + (known.isEmpty ? "none" : known.joined(separator: ", ")) + "."
        case .noMatch: return "No deep-link pattern matches '\(url)'."
        case .missingParameter: return "Deep link '\(url)' lacks parameter '\(parameter ?? "")'."
        case .rejected:
            return "Deep link '\(url)' matched pattern '\(pattern ?? "")', whose handler refused it: "
                + "\(reason ?? "no reason given")."
        case .invalidParameter:
            return "Parameter '\(parameter ?? "")' of deep link '\(url)' is '\(value ?? "")', which is not "
                + "\(expected ?? "valid")."
        case .notHandled:
            return "No flow under '\(coordinator ?? "")' took deep link \(link ?? ""). Handle it in a coordinator's "
                + "handle(deepLink:), or start the flow that does first."
        case .undecodable:
            return "Deep link '\(url)' has '\(part ?? "")', which does not percent-decode to UTF-8 text; encode each "
                + "byte of the UTF-8 text as %XX."
        case .deferred: return "Deep link \(link ?? "") is kept for later: \(reason ?? "no flow can take it yet")."
        case .dropped: return "Deep link \(link ?? "") was dropped: \(reason ?? "it expired")."
        case .unknownPayload:
            return "The notification payload (keys: \(known.sorted().joined(separator: ", "))) holds no known deep "
                + "link."
        default: return "Deep link '\(url)' failed (\(code))."
        }
    }
}
