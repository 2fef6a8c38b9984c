internal import Foundation
internal import IssueReporting

/// Turns URLs and notification payloads into typed deep links by pattern.
///
/// ```swift
/// var links = DeepLinkMatcher<AppLink>()
/// links.register("conductor-demo://items") { _ in .items }
/// links.register("conductor-demo://items/:id") { p in .item(id: try p.int("id")) }
/// links.register("conductor-demo://help/*", priority: -1) { p in .help(topic: p.rest.joined(separator: "/")) }
///
/// let link = try links.resolve("conductor-demo://items/3")       // .item(id: 3)
/// try links.resolve("conductor-demo://items/abc")                // throws: "abc" is not an Int
/// ```
///
/// ## Patterns
///
/// `scheme://host/segment/…`, where the host or a segment is literal text or `:name` (one segment, captured as a
/// parameter), and a final `*` matches the rest of the path, zero or more segments, in ``DeepLinkParameters/rest``.
/// `scheme://*` matches every URL of the scheme (its host and path in `rest`). The scheme and host
/// match without regard to case; other segments exactly, after percent-decoding. Query items never affect matching
/// and are passed to the handler.
///
/// Each path segment and query item is percent-decoded exactly once, from the URL as written: `%2F` stays a `/`
/// inside its segment (`items/a%2Fb` is one segment, `a/b`), `%2533` is the text `%33`, and a part that does not
/// decode to UTF-8 (`%FF`) is a `DeepLinkError.undecodable(url:part:)` — never a shorter match. Decoding twice is a
/// classic route to path confusion.
///
/// URLs follow RFC 3986, strictly: a character it does not allow where it stands — a raw space or non-ASCII
/// character, a `%` not followed by two hex digits — makes the URL a `DeepLinkError.malformedURL(url:)`; encode it
/// (`%20`, `%C3%A9`). URLs are read from their bytes in one pass, without `URLComponents`.
///
/// When several patterns match, the one with the highest `priority` wins, then the more specific (more literal
/// segments, then more segments before a `*`), then the one registered first. A handler that throws — a
/// parameter of the wrong type, say — hands the URL to the next candidate; if none succeeds the first error is
/// reported.
///
/// Patterns are kept in a trie by segment, so matching costs the same among ten patterns or a thousand.
public struct DeepLinkMatcher<Link>: Sendable {
    /// A handler that builds a link from a URL's parameters.
    public typealias Handler = @Sendable (DeepLinkParameters) throws -> Link

    /// The longest URL accepted; longer ones fail with `DeepLinkError.tooLong(length:limit:)`.
    public var maximumLength: Int
    /// The payload keys whose values are tried as URLs by ``resolve(payload:)``, in order.
    package var payloadURLKeys: [String]

    // The trie and its terminals are not generic: the matcher's own code runs unspecialised (it is not inlinable),
    // and would look up the metadata of every type built from `Link` on each use. Terminals refer to their handler
    // by its index in `handlers`.
    private var root = DeepLinkNode()
    private var handlers: [Handler] = []
    private var patterns: Set<String> = []
    private var schemes: Set<String> = []
    private var payloadHandlers: [PayloadHandler] = []
    private var printers: [DeepLinkPrinter<Link>] = []
    private var nextOrder = 0

    /// Creates a matcher without patterns.
    /// - Parameters:
    ///   - maximumLength: The longest URL accepted; 4,096 characters by default.
    ///   - payloadURLKeys: Payload keys that may hold a URL; `url`, `link` and `deep_link` by default.
    public init(maximumLength: Int = 4_096, payloadURLKeys: [String] = ["url", "link", "deep_link"]) {
        self.maximumLength = maximumLength
        self.payloadURLKeys = payloadURLKeys
    }

    // MARK: Registering

    /// Registers a URL pattern.
    ///
    /// A pattern is written in the program, so a malformed or repeated one is a mistake in the program: it is
    /// reported (IssueReporting's `reportIssue`: a runtime warning in the app, a failure in tests) with the reason,
    /// and not registered.
    /// - Parameters:
    ///   - pattern: Such as `conductor-demo://items/:id`.
    ///   - priority: Wins over lower priorities when several patterns match; 0 by default.
    ///   - handler: Builds the link from the URL's parameters; throwing hands the URL to the next candidate.
    /// - Returns: Whether the pattern was registered.
    @discardableResult
    public mutating func register(
        _ pattern: String,
        priority: Int = 0,
        _ handler: @escaping Handler
    ) -> Bool {
        register(pattern, priority: priority, handler, printer: nil)
    }

    /// Registers a URL pattern that also writes URLs: ``url(for:)`` prints a link with the first pattern whose
    /// `parameters` returns the link's parameters.
    ///
    /// ```swift
    /// links.register("myapp://items/:id") { p in .item(try p.int("id")) } parameters: { link in
    ///     if case .item(let id) = link { ["id": "\(id)"] } else { nil }
    /// }
    /// links.url(for: .item(3))            // "myapp://items/3"
    /// ```
    ///
    /// `parameters` names a value for each `:name` of the pattern; other names become query items, sorted; `"*"`
    /// fills a final `*` (segments separated by `/`). Each value is percent-encoded, so any text round-trips.
    /// - Parameters:
    ///   - pattern: Such as `conductor-demo://items/:id`.
    ///   - priority: Wins over lower priorities when several patterns match; 0 by default.
    ///   - handler: Builds the link from the URL's parameters.
    ///   - parameters: The parameters of a link this pattern prints; `nil` for a link it does not.
    /// - Returns: Whether the pattern was registered.
    @discardableResult
    public mutating func register(
        _ pattern: String,
        priority: Int = 0,
        _ handler: @escaping Handler,
        parameters: @escaping @Sendable (Link) -> [String: String]?
    ) -> Bool {
        register(pattern, priority: priority, handler, printer: parameters)
    }

    /// Registers a pattern without parameters that stands for one link, both ways: the URL resolves to `link`, and
    /// ``url(for:)`` prints `link` as the URL.
    ///
    /// ```swift
    /// links.register("myapp://settings", .settings)
    /// ```
    @discardableResult
    public mutating func register(_ pattern: String, priority: Int = 0, _ link: Link) -> Bool
    where Link: Equatable & Sendable {
        register(pattern, priority: priority, { _ in link }, parameters: { $0 == link ? [:] : nil })
    }

    private mutating func register(
        _ pattern: String, priority: Int, _ handler: @escaping Handler,
        printer: (@Sendable (Link) -> [String: String]?)?
    ) -> Bool {
        let parsed: (keys: [String], wildcard: Bool, normalized: String)
        do { parsed = try Self.parsePattern(pattern) } catch {
            reportIssue(error.description)
            return false
        }
        guard !patterns.contains(parsed.normalized) else {
            reportIssue(DeepLinkError.duplicatePattern(pattern: pattern).description)
            return false
        }
        patterns.insert(parsed.normalized)
        urlPatterns.append(pattern)
        schemes.insert(parsed.keys[0])
        nextOrder += 1
        handlers.append(handler)
        var terminal = DeepLinkTerminal(
            pattern: pattern,
            priority: priority,
            order: nextOrder,
            literals: 0,
            names: [],
            handler: handlers.count - 1
        )
        for (position, key) in parsed.keys.enumerated() {
            if key.hasPrefix(":") && position > 0 {
                terminal.names.append((position, String(key.dropFirst())))
            } else {
                terminal.literals += 1
            }
        }
        root.insert(terminal, keys: parsed.keys[...], position: 0, wildcard: parsed.wildcard)
        if let printer {
            if parsed.keys.count < 2 || parsed.keys[1].hasPrefix(":") {
                // The host is matched without regard to case and is not percent-decoded: a value put there would not
                // read back as written.
                reportIssue(
                    "Pattern '\(pattern)' cannot print links: its host is \(parsed.keys.count < 2 ? "'*'" : "a parameter"). "
                        + "It reads URLs; register the links it should print with a literal host.")
            } else {
                printers.append(
                    DeepLinkPrinter(pattern: pattern, keys: parsed.keys, wildcard: parsed.wildcard, parameters: printer)
                )
            }
        }
        return true
    }

    /// Registers a handler for notification payloads whose `key` holds `value`, such as `"type": "item"`.
    public mutating func registerPayload(
        whereKey key: String,
        equals value: String,
        _ handler: @escaping @Sendable ([String: String]) throws -> Link
    ) {
        payloadHandlers.append(PayloadHandler(key: key, value: value, handler: handler))
    }

    /// The registered patterns, sorted, as the matcher compares them (each parameter written `:`).
    package var registeredPatterns: [String] { patterns.sorted() }

    /// The registered URL patterns, as written, in the order registered.
    public private(set) var urlPatterns: [String] = []

    // MARK: Printing

    /// The URL of `link`, written by the first pattern registered with `parameters` that prints it: the link a
    /// "share this screen" button, a Handoff activity or a notification carries. Resolving it gives `link` back.
    /// - Returns: `nil` when no pattern prints this link, or when its URL would be longer than ``maximumLength``
    ///   (which ``resolve(_:)`` refuses as ``DeepLinkError/Code/tooLong``): a printed URL always resolves back.
    public func url(for link: Link) -> String? {
        for printer in printers {
            // A URL another pattern would win (`items/new` printed for `.item("new")` by `items/:slug`) is not this
            // link's: the next printer may write one that resolves back to it.
            if let url = printer.url(for: link), url.utf8.count <= maximumLength, winner(of: url) == printer.pattern {
                return url
            }
        }
        return nil
    }

    /// The pattern that ranks first for `url`, as ``resolve(_:)`` tries them.
    private func winner(of url: String) -> String? {
        guard let parsed = try? Self.parseURL(url) else { return nil }  // a printed URL parses; if not, no winner
        var candidates = DeepLinkCandidates()
        root.collect(parsed.keys, 0, into: &candidates)
        return candidates.hasSeveral ? candidates.ranked().first?.pattern : candidates.first?.pattern
    }

    /// The `components` of an `apple-app-site-association` file's `applinks` detail for `host`: one entry per
    /// printing pattern of scheme `https` and that host, its path with each parameter as `*`, in the order
    /// registered. Serve them as `{"applinks": {"details": [{"appIDs": […], "components": …}]}}`.
    ///
    /// ```swift
    /// links.universalLinkComponents(host: "example.com")   // [["/": "/items/*", "comment": "https://example.com/items/:id"]]
    /// ```
    ///
    /// A pattern with a literal `*` or `?` in a segment is left out and reported: the file reads both as wildcards,
    /// with no escape, so its component would claim URLs the app does not resolve.
    public func universalLinkComponents(host: String) -> [[String: String]] {
        let host = host.lowercased()
        return printers.filter { $0.keys.count > 1 && $0.keys[0] == "https" && $0.keys[1] == host }.compactMap {
            guard let path = $0.associatedDomainPath else {
                reportIssue(
                    "Pattern '\($0.pattern)' has a literal '*' or '?', which apple-app-site-association reads as a "
                        + "wildcard: it is left out of the components. Rename the segment, or write its component "
                        + "by hand with the characters it must match.")
                return nil
            }
            return ["/": path, "comment": $0.pattern]
        }
    }

    // MARK: Matching

    /// The link for a URL.
    /// - Throws: ``DeepLinkError`` when the URL is malformed, too long, of an unknown scheme, matches no pattern, or
    ///   every matching handler threw (the first handler's error).
    public func resolve(_ url: String) throws(DeepLinkError) -> Link {
        guard url.utf8.count <= maximumLength else { throw .tooLong(length: url.utf8.count, limit: maximumLength) }
        let parsed = try Self.parseURL(url)
        var candidates = DeepLinkCandidates()
        root.collect(parsed.keys, 0, into: &candidates)
        guard let best = candidates.first else {
            // The trie's first level is the registered schemes: only now is it worth asking which was missed.
            guard schemes.contains(parsed.keys[0]) else {
                throw .unknownScheme(url: url, scheme: parsed.keys[0], known: schemes.sorted())
            }
            throw .noMatch(url: url)
        }
        if !candidates.hasSeveral { return try link(for: best, url: url, parsed: parsed) }
        var firstError: DeepLinkError?
        for terminal in candidates.ranked() {
            do { return try link(for: terminal, url: url, parsed: parsed) } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? .noMatch(url: url)
    }

    /// Calls a matching pattern's handler with the URL's parameters; any error it throws becomes a
    /// ``DeepLinkError``.
    private func link(
        for terminal: DeepLinkTerminal,
        url: String,
        parsed: (keys: [String], query: [DeepLinkItem])
    ) throws(DeepLinkError) -> Link {
        let restStart = terminal.wildcardStart ?? parsed.keys.count
        let parameters = DeepLinkParameters(
            url: url,
            pattern: terminal.pattern,
            keys: parsed.keys,
            pathNames: terminal.names,
            queryItems: parsed.query,
            rest: Array(parsed.keys.dropFirst(max(restStart, 0)))
        )
        do {
            return try handlers[terminal.handler](parameters)
        } catch let error as DeepLinkError {
            throw error
        } catch {
            throw .rejected(url: url, pattern: terminal.pattern, reason: "\(error)")
        }
    }

    /// The link for a notification payload: a URL under one of `payloadURLKeys`, or a registered payload handler.
    /// - Throws: `DeepLinkError.unknownPayload(keys:)` when nothing in the payload is a known deep link, or the
    ///   error of the URL or handler that matched: a `DeepLinkError` the handler threw (`missingParameter`) as it is,
    ///   any other error as `DeepLinkError.rejected(url:pattern:reason:)` with its description.
    public func resolve(payload: [String: String]) throws(DeepLinkError) -> Link {
        for key in payloadURLKeys {
            if let url = payload[key] { return try resolve(url) }
        }
        for entry in payloadHandlers where payload[entry.key] == entry.value {
            do { return try entry.handler(payload) } catch let error as DeepLinkError { throw error } catch {
                // The handler's own reason is kept: the payload matched, and the handler refused it.
                throw .rejected(url: "payload", pattern: "\(entry.key)=\(entry.value)", reason: "\(error)")
            }
        }
        throw .unknownPayload(keys: Array(payload.keys))
    }

    /// The link for a notification payload as the platform delivers it (`userInfo`, `[AnyHashable: Any]`, or the
    /// seed's `[String: AnyObject]`): string keys with text, number or Boolean values are read as text, as
    /// ``resolve(payload:)-(_)`` reads them; other entries cannot hold a deep link and are left out.
    /// - Throws: As ``resolve(payload:)-(_)``.
    public func resolve(userInfo: [AnyHashable: Any]) throws(DeepLinkError) -> Link {
        var payload: [String: String] = [:]
        for (key, value) in userInfo {
            guard let key = key.base as? String else { continue }
            switch value {
            case let text as String: payload[key] = text
            // Numbers before Booleans: a bridged NSNumber converts to either; "1" reads as true with `bool(_:)`.
            case let int as Int: payload[key] = String(int)
            case let double as Double: payload[key] = String(double)
            case let bool as Bool: payload[key] = bool ? "true" : "false"
            case let url as URL: payload[key] = url.absoluteString
            default: continue
            }
        }
        return try resolve(payload: payload)
    }

    // MARK: Internals

    private struct PayloadHandler: Sendable {
        let key: String
        let value: String
        let handler: @Sendable ([String: String]) throws -> Link
    }

    /// A pattern as trie keys: the scheme, the host, then the path segments.
    private static func parsePattern(_ pattern: String) throws(DeepLinkError) -> (
        keys: [String], wildcard: Bool, normalized: String
    ) {
        guard let range = pattern.range(of: "://") else {
            throw .invalidPattern(pattern: pattern, reason: "it has no 'scheme://'")
        }
        let scheme = pattern[..<range.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            throw .invalidPattern(pattern: pattern, reason: "the scheme is empty or has invalid characters")
        }
        var segments = pattern[range.upperBound...].split(separator: "/", omittingEmptySubsequences: true).map(
            String.init)
        guard let host = segments.first else { throw .invalidPattern(pattern: pattern, reason: "it has no host") }
        if segments == ["*"] {
            // `scheme://*`: any host and path of the scheme.
            return ([scheme], true, scheme + "/*")
        }
        segments.removeFirst()
        var wildcard = false
        if segments.last == "*" {
            wildcard = true
            segments.removeLast()
        }
        if segments.contains("*") {
            throw .invalidPattern(pattern: pattern, reason: "'*' may only be the last segment")
        }
        var names: Set<String> = []
        for segment in segments where segment.hasPrefix(":") {
            let name = segment.dropFirst()
            guard !name.isEmpty else { throw .invalidPattern(pattern: pattern, reason: "a parameter has no name") }
            guard names.insert(String(name)).inserted else {
                throw .invalidPattern(pattern: pattern, reason: "parameter '\(name)' appears twice")
            }
        }
        // Literal segments are matched against a URL's segments as decoded, so they are kept decoded: a pattern's
        // `summer%20sale` matches the URL that prints it. One that decodes to a parameter or a wildcard is refused.
        for index in segments.indices where !segments[index].hasPrefix(":") {
            guard let literal = segments[index].removingPercentEncoding else {
                throw .invalidPattern(
                    pattern: pattern, reason: "segment '\(segments[index])' is not valid percent-encoding")
            }
            guard !literal.hasPrefix(":"), literal != "*", !literal.isEmpty else {
                throw .invalidPattern(
                    pattern: pattern,
                    reason: "segment '\(segments[index])' decodes to '\(literal)', a parameter or a wildcard")
            }
            segments[index] = literal
        }
        let keys = [scheme, host.lowercased()] + segments
        let normalized = keys.map { $0.hasPrefix(":") ? ":" : $0 }.joined(separator: "/") + (wildcard ? "/*" : "")
        return (keys, wildcard, normalized)
    }

    /// A URL as trie keys and query items: see `DeepLinkURL`.
    private static func parseURL(_ url: String) throws(DeepLinkError) -> (keys: [String], query: [DeepLinkItem]) {
        let parsed = try DeepLinkURL(url)
        return (parsed.keys, parsed.query)
    }
}
