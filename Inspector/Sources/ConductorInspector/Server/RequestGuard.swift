internal import NIOCore
internal import NIOHTTP1

/// Sees each request head before the routes and the WebSocket upgrade do, right after the HTTP decoder: refuses
/// what ``InspectorServer/Policy/refusal(of:reachedAt:)`` refuses, answers 400 (or 431 for headers over the
/// limits) to what the decoder cannot read, and closes the connection after either; adds the security headers to
/// every response; tells the clock when requests start and are answered, and the connections whether the
/// connection presented the token. Once a request asks to become a WebSocket, it passes everything through
/// untouched.
final class RequestGuard: ChannelDuplexHandler {
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
    /// The open connections, and this one's number among them.
    private let connections: InspectorServer.Connections
    private let number: Int

    init(
        policy: InspectorServer.Policy, clock: ConnectionClock, connections: InspectorServer.Connections, number: Int
    ) {
        self.policy = policy
        self.clock = clock
        self.connections = connections
        self.number = number
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
            connections.update(number, to: policy.presentsToken(head) ? .authorized : .answering)
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
            // Told before the answer leaves: a client that reads it finds its connection counted as one that asked.
            if inFlight <= 1 { connections.update(number, to: .asked) }
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
