internal import Hummingbird
internal import HummingbirdCore
internal import NIOCore
internal import NIOHTTP1

extension InspectorServer {
    /// What the server lets in, fixed when it starts: the token, the names it answers to, its time limits.
    struct Policy: Sendable {
        /// The secret a socket's URL must carry.
        let token: String
        /// The host names a request's `Host` and a socket's `Origin` may use, lowercased, IPv6 addresses in
        /// brackets: loopback's, and the configured host's unless it is a wildcard address. The address a
        /// connection came to is accepted too (see ``serverNames(reachedAt:)``).
        let names: Set<String>
        /// How long a connection may go without sending a request.
        let idleTimeout: TimeAmount
        /// How long a request's head may take from its first byte, and an upgrade to a WebSocket from its request.
        let requestHeadTimeout: TimeAmount

        /// The longest header line the decoder reads; a longer one is answered 431 and the connection closed.
        static let maximumHeaderFieldSize = 16 << 10
        /// The most bytes of headers a request may carry; more is answered 431 and the connection closed.
        static let maximumHeaderListSize = 32 << 10
        /// The most header lines a request may carry; more is answered 431 and the connection closed.
        static let maximumHeaderFieldCount = 100
        /// The largest request body the server takes: none, as no route reads one. A request that announces a
        /// body is answered 413 and the connection closed.
        static let maximumRequestBodySize = 0
        /// How many requests a client may send ahead of their answers on one connection.
        static let maximumRequestsInFlight = 16
        /// How long a refused connection may take to receive its answer before it is closed anyway.
        static let refusalGrace = TimeAmount.seconds(1)

        init(_ configuration: InspectorConfiguration) {
            token = configuration.token
            var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
            let host = Self.bracketed(configuration.host.lowercased())
            if host != "0.0.0.0" && host != "[::]" && !host.isEmpty { names.insert(host) }
            self.names = names
            idleTimeout = TimeAmount(configuration.idleTimeout)
            requestHeadTimeout = TimeAmount(configuration.requestHeadTimeout)
        }

        /// `address` in brackets when it is an IPv6 address, as a Host header and a URL write it.
        static func bracketed(_ address: String) -> String {
            address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address
        }

        /// A request's `Host`, or an origin without its scheme: a name and an optional port.
        struct Authority: Equatable {
            let name: String
            let port: Int?
        }

        /// `text` as `name[:port]` — a DNS name or IPv4 address of letters, digits, `.` and `-`, or an IPv6
        /// address in brackets — lowercased; `nil` when it is anything else (a path, user information, spaces).
        static func authority(_ text: some StringProtocol) -> Authority? {
            let text = text.lowercased()
            let name: Substring
            let rest: Substring
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { return nil }
                name = text[...close]
                rest = text[text.index(after: close)...]
                let inside = name.dropFirst().dropLast()
                guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                    return nil
                }
            } else {
                let colon = text.firstIndex(of: ":") ?? text.endIndex
                name = text[..<colon]
                rest = text[colon...]
                let allowed = name.allSatisfy {
                    $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-")
                }
                guard !name.isEmpty, allowed else { return nil }
            }
            guard !rest.isEmpty else { return Authority(name: String(name), port: nil) }
            let digits = rest.dropFirst()
            guard rest.first == ":", (1...5).contains(digits.count),
                digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(digits), port <= 65_535
            else { return nil }
            return Authority(name: String(name), port: port)
        }

        /// The names this server answers to on a connection that came to `server`: ``names`` and the address
        /// itself (what a client that typed the address sends), unless it is a wildcard.
        func serverNames(reachedAt server: SocketAddress?) -> Set<String> {
            guard let address = server?.ipAddress?.lowercased(), address != "0.0.0.0", address != "::" else {
                return names
            }
            return names.union([Self.bracketed(address)])
        }

        /// Whether `authority` names this server, reached at `server`: one of its names, with its port (or none,
        /// when the port is 80).
        func isServer(_ authority: Authority, reachedAt server: SocketAddress?) -> Bool {
            guard let port = server?.port, authority.port == port || (authority.port == nil && port == 80) else {
                return false
            }
            return serverNames(reachedAt: server).contains(authority.name)
        }

        /// Whether an `Origin` header is this server's own page: `http://` and a name it answers to, with its
        /// port. `null` (a file, a sandboxed frame) and every other site's origin are not.
        func isOwnOrigin(_ origin: String, reachedAt server: SocketAddress?) -> Bool {
            let origin = origin.lowercased()
            guard origin.hasPrefix("http://"), let authority = Self.authority(origin.dropFirst("http://".count))
            else { return false }
            return isServer(authority, reachedAt: server)
        }

        /// Whether `head` carries the token in its query (`?token=`), as the page, the exports and the socket do
        /// and the page's assets do not.
        func presentsToken(_ head: HTTPRequestHead) -> Bool {
            InspectorServer.tokenMatches(URI(head.uri).queryParameters.get("token"), token)
        }

        /// Whether `head` asks to become a WebSocket, the one upgrade the server makes.
        static func isWebSocketUpgrade(_ head: HTTPRequestHead) -> Bool {
            head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
        }

        /// Why `head`, arriving on a connection to `server`, is refused — a status and a sentence for the
        /// client — or `nil` when it may go on to the routes.
        func refusal(of head: HTTPRequestHead, reachedAt server: SocketAddress?) -> Refusal? {
            guard head.version.major == 1 else {
                return Refusal(status: .badRequest, reason: "This server speaks HTTP/1.1 only.")
            }
            let hosts = head.headers["host"]
            guard hosts.count == 1, let host = Self.authority(hosts[0]) else {
                return Refusal(status: .badRequest, reason: "A request needs exactly one Host header.")
            }
            guard isServer(host, reachedAt: server) else {
                return Refusal(
                    status: .misdirectedRequest,
                    reason: "This inspector answers only to its own address (127.0.0.1, [::1] or localhost, with "
                        + "its port); the request named another host.")
            }
            let origins = head.headers["origin"]
            guard origins.isEmpty || (origins.count == 1 && isOwnOrigin(origins[0], reachedAt: server)) else {
                return Refusal(
                    status: .forbidden, reason: "Only the inspector's own page may use it, not another site's.")
            }
            let lengths = head.headers["content-length"]
            guard head.headers["transfer-encoding"].isEmpty,
                lengths.allSatisfy({ (Int($0) ?? .max) <= Self.maximumRequestBodySize })
            else {
                return Refusal(status: .payloadTooLarge, reason: "The inspector takes no request body.")
            }
            if Self.isWebSocketUpgrade(head) {
                let uri = URI(head.uri)
                guard head.method == .GET, uri.path == "/events",
                    InspectorServer.tokenMatches(uri.queryParameters.get("token"), token)
                else {
                    return Refusal(
                        status: .forbidden,
                        reason: "A socket needs /events and the token printed when the inspector started.")
                }
            }
            return nil
        }

        /// Adds the headers every response carries: no framing by other pages, no sniffing, no referrer (the
        /// URL carries the token), no use by other sites, nothing cached; and, when the response has none, a
        /// content security policy that allows nothing.
        static func addSecurityHeaders(to headers: inout HTTPHeaders) {
            headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
            headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
            headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
            headers.replaceOrAdd(name: "Cross-Origin-Resource-Policy", value: "same-origin")
            if !headers.contains(name: "Content-Security-Policy") {
                headers.add(name: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'")
            }
            if !headers.contains(name: "Cache-Control") { headers.add(name: "Cache-Control", value: "no-store") }
        }
    }

    /// A request the server answers itself, and then closes the connection.
    struct Refusal {
        let status: HTTPResponseStatus
        let reason: String
    }

    /// Whether `given` is `token`, compared in a time that depends only on `token`'s length — not on how much
    /// of it a guess got right.
    static func tokenMatches(_ given: String?, _ token: String) -> Bool {
        guard let given else { return false }
        let expected = Array(token.utf8)
        let offered = Array(given.utf8)
        var difference: UInt8 = offered.count == expected.count ? 0 : 1
        for index in expected.indices {
            difference |= expected[index] ^ (index < offered.count ? offered[index] : 0)
        }
        return difference == 0
    }
}
