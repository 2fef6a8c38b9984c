internal import NIOCore
internal import NIOHTTP1
internal import NIOWebSocket

/// Sees the upgrade to a WebSocket complete — before the first frame is decoded — then stops the clock and puts a
/// ``FrameGuard`` right after the frame decoder.
final class UpgradeWatcher: ChannelInboundHandler {
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
final class FrameGuard: ChannelInboundHandler {
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
