internal import Foundation
internal import HummingbirdCore
internal import HummingbirdWebSocket
internal import Logging
internal import NIOConcurrencyHelpers
internal import NIOCore
internal import NIOHTTP1

// What the inspector's server does with a connection before Hummingbird sees it, so that no other process on the
// machine can hold its descriptors, reach it through a browser, or keep it busy.
//
// Each accepted connection gets, around Hummingbird's HTTP/1 and WebSocket pipeline:
//
//   ConnectionClock → HTTP encoder → HTTP decoder → RequestGuard → upgrade handler → UpgradeWatcher → …
//
// - `Connections` counts the open ones and knows which presented the token. One beyond the limit takes the place of
//   one that did not — closed to make room — so that a local process without the token cannot keep the page out
//   by holding every connection; when every open one presented the token, it is closed as soon as it is accepted.
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
    /// The open connections, counted by every connection's setup, and what each has shown of itself.
    ///
    /// A connection that presented the token is never closed to make room. One that did not — that sent nothing
    /// yet, or only requests without the token — may be, when the connections are as many as ``maximum`` and
    /// another arrives: the inspector's page, whose requests carry the token, always gets in, however many
    /// connections a local process without it holds, and no more than ``maximum`` are counted.
    final class Connections: Sendable {
        /// What a connection has shown of itself, in the order connections are closed to make room: the first
        /// cases first, and of one case the oldest connection first.
        enum Standing: Int {
            /// It sent requests without the token, and they are answered: it waits for another.
            case asked
            /// It sent no request yet.
            case silent
            /// It sent a request without the token that is being answered.
            case answering
            /// It sent a request with the token — the page, its exports, its socket: never closed to make room.
            case authorized
        }

        /// An open connection.
        private struct Member {
            let channel: any Channel
            var standing: Standing
        }

        /// The open connections by number, numbered in the order they were admitted.
        private struct Members {
            var open: [Int: Member] = [:]
            var next = 0
        }

        /// The most that may be open at once.
        let maximum: Int
        private let members = NIOLockedValueBox(Members())

        init(maximum: Int) { self.maximum = maximum }

        /// Counts `channel`, a new connection, and returns its number; `nil` when as many as ``maximum`` are open
        /// and each presented the token. When they are as many and some did not, the first of those in the order
        /// of ``Standing`` is closed to make room.
        func admit(_ channel: any Channel) -> Int? {
            let (number, displaced) = members.withLockedValue { members -> (Int?, (any Channel)?) in
                var displaced: (any Channel)?
                if members.open.count >= maximum {
                    let candidates = members.open.filter { $0.value.standing != .authorized }
                    guard
                        let first = candidates.min(by: {
                            ($0.value.standing.rawValue, $0.key) < ($1.value.standing.rawValue, $1.key)
                        })
                    else { return (nil, nil) }
                    displaced = members.open.removeValue(forKey: first.key)?.channel
                }
                let number = members.next
                members.next += 1
                members.open[number] = Member(channel: channel, standing: .silent)
                return (number, displaced)
            }
            displaced?.close(promise: nil)
            return number
        }

        /// Records what connection `number` has shown of itself; one that presented the token stays authorized.
        func update(_ number: Int, to standing: Standing) {
            members.withLockedValue { members in
                guard let member = members.open[number], member.standing != .authorized else { return }
                members.open[number]?.standing = standing
            }
        }

        /// Counts a connection that closed; one closed to make room was no longer counted.
        func release(_ number: Int) { members.withLockedValue { _ = $0.open.removeValue(forKey: number) } }

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
            guard let number = connections.admit(channel) else {
                // Every open connection presented the token: closed as soon as it is active; nothing it sends is
                // read.
                do { try channel.pipeline.syncOperations.addHandler(RefusedConnection()) } catch {
                    channel.close(promise: nil)
                }
                return channel.eventLoop.makeSucceededFuture(Value(inner: nil, channel: channel))
            }
            let connections = self.connections
            channel.closeFuture.whenComplete { _ in connections.release(number) }
            let policy = self.policy
            // Never a failed future: the server's loop over accepted connections would end with it.
            return inner.setup(channel: channel, logger: logger)
                .flatMapThrowing { value in
                    try Self.addGuards(to: channel, policy: policy, connections: connections, number: number)
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
        /// after the upgrade handler, in the pipeline Hummingbird has just set up; the request guard tells
        /// `connections` what connection `number` shows of itself.
        static func addGuards(
            to channel: any Channel, policy: Policy, connections: Connections, number: Int
        ) throws {
            let pipeline = channel.pipeline.syncOperations
            let upgrader = try pipeline.handler(
                type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
            let clock = ConnectionClock(policy: policy)
            try pipeline.addHandler(clock, position: .first)
            try pipeline.addHandler(
                RequestGuard(policy: policy, clock: clock, connections: connections, number: number),
                position: .before(upgrader))
            try pipeline.addHandler(UpgradeWatcher(clock: clock), position: .after(upgrader))
        }
    }
}

/// Closes a connection accepted beyond ``InspectorServer/Connections/maximum``, when every open one presented the
/// token, as soon as it is active.
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
