internal import NIOCore

/// A connection's deadlines, first in its pipeline so that it sees every byte that arrives. It closes the
/// connection when it sends no request for the idle timeout, when a request head takes longer than the head
/// timeout from its first byte (answering 408), when an upgrade to a WebSocket does not finish within the head
/// timeout, and when a refused connection has not closed within a short grace. While the app answers a request,
/// and once the connection is a WebSocket, it keeps no deadline.
final class ConnectionClock: ChannelInboundHandler {
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
