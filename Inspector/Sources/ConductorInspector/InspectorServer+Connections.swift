// Built with the package's `InspectorServer` trait, which brings in the server's dependencies.
internal import ConductorSupport
internal import Foundation
internal import Hummingbird
internal import HummingbirdCore
internal import HummingbirdWebSocket
internal import Logging
internal import NIOCore
internal import NIOHTTP1
internal import NIOWebSocket

// What the inspector's server does with a connection before Hummingbird sees it, so that no other process on the
// machine can hold its descriptors, reach it through a browser, or keep it busy.
//
// Each accepted connection gets, around Hummingbird's HTTP/1 and WebSocket pipeline:
//
//   ConnectionClock → HTTP encoder → HTTP decoder → RequestGuard → upgrade handler → UpgradeWatcher → …
//
// - `Connections` counts the open ones; one beyond the limit is closed as soon as it is accepted.
// - `ConnectionClock`, first, sees every byte that arrives: it closes a connection that sends no request for
//   `idleTimeout`, or whose request head takes longer than `requestHeadTimeout` (answered 408), or whose refusal
//   or upgrade does not finish in time.
// - `RequestGuard`, right after the HTTP decoder, sees each request head before Hummingbird or the WebSocket
//   upgrade does: it refuses (and closes) a request whose Host is not this server, whose Origin is another site's,
//   that carries a body, or that asks for a socket without the token; it answers 400 or 431 to what the decoder
//   cannot read; and it adds the security headers to every response.
// - `UpgradeWatcher` sees the upgrade to a WebSocket complete, stops the clock (a socket's liveness is its pings')
//   and puts a `FrameGuard` after the frame decoder, which closes the socket on a frame the client did not mask.

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

    /// The open connections, counted by every connection's setup.
    final class Connections: Sendable {
        /// The most that may be open at once.
        let maximum: Int
        private let openCount = Locked(0)

        init(maximum: Int) { self.maximum = maximum }

        /// Counts a new connection, or returns `false` when as many as ``maximum`` are open.
        func admit() -> Bool {
            openCount.withLock { count in
                guard count < maximum else { return false }
                count += 1
                return true
            }
        }

        /// Counts a connection that closed.
        func release() { openCount.withLock { $0 -= 1 } }

        /// Descriptors the inspector leaves to the app however many connections a local process opens: the
        /// app's database, its journal and temporary files, its logs and sockets.
        static let reservedDescriptors = 64

        /// The most connections the server keeps: `configured`, or fewer when the process may open only
        /// `descriptorLimit` descriptors, `open` are in use, and ``reservedDescriptors`` must stay free; at
        /// least one.
        static func limit(configured: Int, descriptorLimit: Int, open: Int) -> Int {
            min(configured, max(1, descriptorLimit - open - reservedDescriptors))
        }

        /// The process's soft limit on open descriptors and how many are open now; `nil` where either cannot be
        /// read.
        static func descriptorUse() -> (limit: Int, open: Int)? {
            var limits = rlimit()
            #if canImport(Glibc)
                guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return nil }
                let directory = "/proc/self/fd"
            #else
                guard getrlimit(RLIMIT_NOFILE, &limits) == 0 else { return nil }
                let directory = "/dev/fd"
            #endif
            guard let open = try? FileManager.default.contentsOfDirectory(atPath: directory).count else {
                return nil  // no count, no clamp: the configured limit stands
            }
            return (limits.rlim_cur >= UInt64(Int.max) ? Int.max : Int(limits.rlim_cur), open)
        }
    }

    /// Hummingbird's HTTP/1 and WebSocket channel with the inspector's guards around it (see the top of this
    /// file).
    struct GuardedChannel: ServerChildChannel {
        /// The connection, and Hummingbird's value for it; `nil` when it was refused.
        struct Value: ServerChildChannelValue {
            let inner: HTTP1WebSocketUpgradeChannel.Value?
            let channel: any Channel
        }

        let inner: HTTP1WebSocketUpgradeChannel
        let policy: Policy
        let connections: Connections

        func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
            guard connections.admit() else {
                // Closed as soon as it is active; nothing it sends is read.
                do { try channel.pipeline.syncOperations.addHandler(RefusedConnection()) } catch {
                    channel.close(promise: nil)
                }
                return channel.eventLoop.makeSucceededFuture(Value(inner: nil, channel: channel))
            }
            let connections = self.connections
            channel.closeFuture.whenComplete { _ in connections.release() }
            let policy = self.policy
            // Never a failed future: the server's loop over accepted connections would end with it.
            return inner.setup(channel: channel, logger: logger)
                .flatMapThrowing { value in
                    try Self.addGuards(to: channel, policy: policy)
                    return Value(inner: value, channel: channel)
                }
                .recover { _ in
                    channel.close(promise: nil)
                    return Value(inner: nil, channel: channel)
                }
        }

        func handle(value: Value, logger: Logger) async {
            if let connection = value.inner {
                // What goes wrong on one connection is its client's doing — a malformed request, a timeout, a
                // refused upgrade — so it is not logged: no other process can fill the app's log through the
                // inspector.
                var quiet = logger
                quiet.logLevel = .critical
                await inner.handle(value: connection, logger: quiet)
            }
            // Whatever ended Hummingbird's handling — an upgrade that failed, a refusal — the connection ends too.
            value.channel.close(promise: nil)
        }

        /// Puts the clock first, the request guard right after the HTTP decoder and the upgrade watcher right
        /// after the upgrade handler, in the pipeline Hummingbird has just set up.
        static func addGuards(to channel: any Channel, policy: Policy) throws {
            let pipeline = channel.pipeline.syncOperations
            let upgrader = try pipeline.handler(
                type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
            let clock = ConnectionClock(policy: policy)
            try pipeline.addHandler(clock, position: .first)
            try pipeline.addHandler(RequestGuard(policy: policy, clock: clock), position: .before(upgrader))
            try pipeline.addHandler(UpgradeWatcher(clock: clock), position: .after(upgrader))
        }
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

/// Closes a connection accepted beyond ``InspectorServer/Connections/maximum`` as soon as it is active.
private final class RefusedConnection: ChannelInboundHandler {
    typealias InboundIn = Never

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { context.close(promise: nil) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Nothing a refused connection sends is read.
    }
}

/// A connection's deadlines, first in its pipeline so that it sees every byte that arrives. It closes the
/// connection when it sends no request for the idle timeout, when a request head takes longer than the head
/// timeout from its first byte (answering 408), when an upgrade to a WebSocket does not finish within the head
/// timeout, and when a refused connection has not closed within a short grace. While the app answers a request,
/// and once the connection is a WebSocket, it keeps no deadline.
private final class ConnectionClock: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum Phase {
        /// Not active yet, or closed.
        case inactive
        /// Waiting for a request since a time; when the first byte of its head came, if it did.
        case waiting(since: NIODeadline, firstByte: NIODeadline?)
        /// The app is answering one or more requests.
        case answering
        /// A WebSocket upgrade under way since a time.
        case upgrading(since: NIODeadline)
        /// Refused: closed by this time at the latest.
        case closing(by: NIODeadline)
        /// A page's socket: WebSocket pings find out when its page has gone.
        case webSocket
    }

    private var phase = Phase.inactive
    private var closed = false
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private let idleTimeout: TimeAmount
    private let requestHeadTimeout: TimeAmount

    init(policy: InspectorServer.Policy) {
        idleTimeout = policy.idleTimeout
        requestHeadTimeout = policy.requestHeadTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's answer is on its way: what the client still sends is read and dropped, so the
        // socket never closes with bytes unread (which would reset it and could lose the answer).
        if case .closing = phase { return }
        if case .waiting(let since, nil) = phase {
            phase = .waiting(since: since, firstByte: .now())
            reschedule()
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .closing = phase, let event = event as? ChannelEvent, event == .inputClosed {
            // A refused client read its answer and closed its side: the lingering close is over.
            context.close(promise: nil)
            return
        }
        if event is ChannelShouldQuiesceEvent {
            // The server is stopping: a connection that is not being answered and is not a socket ends now.
            switch phase {
            case .waiting, .upgrading, .closing: context.close(promise: nil)
            case .inactive, .answering, .webSocket: break
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: What the guards tell it

    /// A request went to the app: no deadline until it is answered.
    func requestStarted() { move(to: .answering) }

    /// Every request so far is answered: the next one must come within the idle timeout.
    func requestsAnswered() { move(to: .waiting(since: .now(), firstByte: nil)) }

    /// A WebSocket upgrade went to the upgrade handler: it must finish within the head timeout.
    func upgradeStarted() { move(to: .upgrading(since: .now())) }

    /// The connection is a WebSocket now.
    func webSocketOpened() { move(to: .webSocket) }

    /// The connection was refused: it closes after a short grace at the latest.
    func closeSoon() {
        let grace = min(InspectorServer.Policy.refusalGrace, requestHeadTimeout)
        move(to: .closing(by: NIODeadline.now() + grace))
    }

    /// The lingering close of RFC 9112 §9.6 for a refused connection whose answer was written: once the answer is
    /// flushed, the server's side ends (FIN, not a reset), what the client still sends is dropped unread, and the
    /// connection closes when the client ends its side or the grace of ``closeSoon()`` passes, whichever is first.
    func lingerThenClose(after flushed: EventLoopFuture<Void>) {
        closeSoon()
        flushed.assumeIsolated().whenComplete { [weak self] result in
            guard let self, let context = self.context, !self.closed else { return }
            guard case .success = result else {
                context.close(promise: nil)
                return
            }
            let halfClosed = context.eventLoop.makePromise(of: Void.self)
            halfClosed.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
            context.close(mode: .output, promise: halfClosed)
        }
    }

    // MARK: The deadline

    private func start() {
        guard case .inactive = phase, !closed else { return }
        move(to: .waiting(since: .now(), firstByte: nil))
    }

    private func stop() {
        closed = true
        phase = .inactive
        timer?.cancel()
        timer = nil
    }

    private func move(to next: Phase) {
        guard !closed else { return }
        phase = next
        reschedule()
    }

    private var deadline: NIODeadline? {
        switch phase {
        case .waiting(let since, nil): since + idleTimeout
        case .waiting(_, let firstByte?): firstByte + requestHeadTimeout
        case .upgrading(let since): since + requestHeadTimeout
        case .closing(let time): time
        case .inactive, .answering, .webSocket: nil
        }
    }

    private func reschedule() {
        timer?.cancel()
        timer = nil
        guard let context, let deadline else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] () -> Void in
            self?.deadlinePassed()
        }
    }

    private func deadlinePassed() {
        timer = nil
        guard let context, let deadline else { return }
        guard deadline <= NIODeadline.now() else {
            reschedule()
            return
        }
        if case .waiting(_, .some) = phase {
            // A request head began and did not finish in time.
            let answer = context.channel.allocator.buffer(
                string: "HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            context.writeAndFlush(Self.wrapOutboundOut(answer), promise: nil)
        }
        stop()
        context.close(promise: nil)
    }
}

/// Sees each request head before the routes and the WebSocket upgrade do, right after the HTTP decoder: refuses
/// what ``InspectorServer/Policy/refusal(of:reachedAt:)`` refuses, answers 400 (or 431 for headers over the
/// limits) to what the decoder cannot read, and closes the connection after either; adds the security headers to
/// every response; and tells the clock when requests start and are answered. Once a request asks to become a
/// WebSocket, it passes everything through untouched.
private final class RequestGuard: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        /// Requests and responses are HTTP parts, read here.
        case http
        /// A WebSocket upgrade was let through: what passes from now on may be raw bytes, never read here.
        case upgrading
        /// The connection was refused and is closing: nothing more it sends is read.
        case refused
    }

    private var state = State.http
    /// Requests let through whose response has not ended.
    private var inFlight = 0
    private var bodyBytes = 0
    private let policy: InspectorServer.Policy
    private let clock: ConnectionClock

    init(policy: InspectorServer.Policy, clock: ConnectionClock) {
        self.policy = policy
        self.clock = clock
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .upgrading: context.fireChannelRead(data)
        case .refused: break
        case .http: read(Self.unwrapInboundIn(data), data, context: context)
        }
    }

    private func read(_ part: HTTPServerRequestPart, _ data: NIOAny, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            if let refusal = policy.refusal(of: head, reachedAt: context.channel.localAddress) {
                refuse(refusal, context: context)
                return
            }
            guard inFlight < InspectorServer.Policy.maximumRequestsInFlight else {
                refuse(
                    InspectorServer.Refusal(
                        status: .tooManyRequests, reason: "Too many requests sent ahead of their answers."),
                    context: context)
                return
            }
            inFlight += 1
            bodyBytes = 0
            if InspectorServer.Policy.isWebSocketUpgrade(head) {
                state = .upgrading
                clock.upgradeStarted()
            } else {
                clock.requestStarted()
            }
            context.fireChannelRead(data)
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            guard bodyBytes <= InspectorServer.Policy.maximumRequestBodySize else {
                refuse(
                    InspectorServer.Refusal(
                        status: .payloadTooLarge, reason: "The inspector takes no request body."),
                    context: context)
                return
            }
            context.fireChannelRead(data)
        case .end:
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard state == .http else {
            context.write(data, promise: promise)
            return
        }
        switch Self.unwrapOutboundIn(data) {
        case .head(var head):
            InspectorServer.Policy.addSecurityHeaders(to: &head.headers)
            context.write(Self.wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            inFlight = max(inFlight - 1, 0)
            if inFlight == 0 { clock.requestsAnswered() }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch state {
        case .upgrading:
            context.fireErrorCaught(error)
        case .refused:
            break  // the connection is closing
        case .http:
            guard !(error is IOError), !(error is ChannelError) else {
                context.fireErrorCaught(error)
                return
            }
            // The decoder could not read a request: malformed (a bare TLS hello, an HTTP/2 preface, an invalid
            // header) or over the header limits.
            let refusal =
                (error as? HTTPParserError) == .headerOverflow
                ? InspectorServer.Refusal(
                    status: .requestHeaderFieldsTooLarge, reason: "The request's headers are over the limits.")
                : InspectorServer.Refusal(status: .badRequest, reason: "The request could not be read as HTTP/1.1.")
            refuse(refusal, context: context)
        }
    }

    /// Answers `refusal` and closes the connection with a lingering close, so the answer reaches a client that is
    /// still sending; when a response to an earlier request is under way, which the answer would cut into, closes
    /// at once without one.
    private func refuse(_ refusal: InspectorServer.Refusal, context: ChannelHandlerContext) {
        let answers = state == .http && inFlight == 0
        state = .refused
        guard answers else {
            clock.closeSoon()
            context.close(promise: nil)
            return
        }
        let body = context.channel.allocator.buffer(string: refusal.reason + "\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        InspectorServer.Policy.addSecurityHeaders(to: &headers)
        let head = HTTPResponseHead(version: .http1_1, status: refusal.status, headers: headers)
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        context.write(Self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let flushed = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: flushed)
        clock.lingerThenClose(after: flushed.futureResult)
    }
}

/// Sees the upgrade to a WebSocket complete — before the first frame is decoded — then stops the clock and puts a
/// ``FrameGuard`` right after the frame decoder.
private final class UpgradeWatcher: ChannelInboundHandler {
    typealias InboundIn = Never

    private let clock: ConnectionClock

    init(clock: ConnectionClock) { self.clock = clock }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let upgrade = event as? HTTPServerUpgradeEvents, case .upgradeComplete = upgrade {
            clock.webSocketOpened()
            do {
                let pipeline = context.pipeline.syncOperations
                let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
                try pipeline.addHandler(FrameGuard(), position: .after(decoder))
            } catch {
                context.close(promise: nil)  // a socket whose frames cannot be checked is not kept
            }
        }
        context.fireUserInboundEventTriggered(event)
    }
}

/// RFC 6455 §5.1: a server must close the connection on a frame the client did not mask. Sends a close frame
/// with status 1002 (protocol error) and closes; frames after it are not read.
private final class FrameGuard: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard Self.unwrapInboundIn(data).maskKey == nil else {
            context.fireChannelRead(data)
            return
        }
        refused = true
        var status = context.channel.allocator.buffer(capacity: 2)
        status.write(webSocketErrorCode: .protocolError)
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: status)
        context.writeAndFlush(Self.wrapOutboundOut(close), promise: nil)
        context.close(promise: nil)
    }
}
