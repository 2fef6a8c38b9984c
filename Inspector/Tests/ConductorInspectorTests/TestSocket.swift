/// A WebSocket frame: its opcode (1 text, 8 close, 9 ping, 10 pong) and its payload, unmasked.
struct SocketFrame: Equatable, Sendable {
    let opcode: UInt8
    let payload: [UInt8]
}

/// A whole frame from a client: masked with `mask`, as RFC 6455 requires — or not, when `mask` is `nil`.
func clientFrame(opcode: UInt8, payload: [UInt8], mask: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D]) -> [UInt8] {
    var frame: [UInt8] = [0x80 | opcode]
    let masked: UInt8 = mask == nil ? 0 : 0x80
    if payload.count < 126 {
        frame.append(masked | UInt8(payload.count))
    } else if payload.count < 65_536 {
        frame += [masked | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
        frame.append(masked | 127)
        frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    guard let mask else { return frame + payload }
    return frame + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
}

/// The first whole frame from the server at the start of `bytes` (a server never masks), and how many bytes it
/// takes; `nil` until it has all arrived.
func serverFrame(in bytes: ArraySlice<UInt8>) -> (frame: SocketFrame, length: Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    var headLength = 2
    var length = Int(bytes[start + 1] & 0x7F)
    if length == 126 {
        guard bytes.count >= 4 else { return nil }
        length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
        headLength = 4
    } else if length == 127 {
        guard bytes.count >= 10 else { return nil }
        length = (2..<10).reduce(0) { $0 << 8 | Int(bytes[start + $1]) }
        headLength = 10
    }
    guard bytes.count >= headLength + length else { return nil }
    let payload = Array(bytes[(start + headLength)..<(start + headLength + length)])
    return (SocketFrame(opcode: bytes[start] & 0x0F, payload: payload), headLength + length)
}

/// A page's socket to `/events`, spoken byte by byte over a ``RawConnection``.
@MainActor
final class TestSocket {
    let connection: RawConnection
    /// Whether the server closed the connection.
    private(set) var closed = false
    private var pending: [UInt8]
    /// How many bytes at the start of `pending` were already read as frames.
    private var consumed = 0

    private init(connection: RawConnection, pending: [UInt8]) {
        self.connection = connection
        self.pending = pending
    }

    /// Opens `/events` with the upgrade request a browser sends — with `origin` as its `Origin`, none when `nil` —
    /// and returns the status the server answered, and the socket when it was 101.
    static func open(port: Int, token: String, origin: String?) async -> (status: Int?, socket: TestSocket?) {
        var headers = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("Sec-WebSocket-Version", "13"),
        ]
        if let origin { headers.append(("Origin", origin)) }
        let request = requestHead("/events?token=\(token)", port: port, headers: headers, closes: false)
        let answer = await offThePool { () -> (bytes: [UInt8], connection: RawConnection?) in
            guard let connection = RawConnection.open(port: port) else { return ([], nil) }
            connection.write(request)
            return (connection.read(within: 5) { headEnd($0) != nil }.bytes, connection)
        }
        let status = statusCode(answer.bytes)
        guard status == 101, let connection = answer.connection, let end = headEnd(answer.bytes) else {
            answer.connection?.disconnect()
            return (status, nil)
        }
        return (status, TestSocket(connection: connection, pending: Array(answer.bytes[end...])))
    }

    /// The next frame from the server within `seconds`; `nil` when none came in time or the server closed the
    /// connection (then ``closed`` is `true`).
    func next(within seconds: Double = 5) async -> SocketFrame? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while true {
            if let found = serverFrame(in: pending[consumed...]) {
                consumed += found.length
                if consumed > 1 << 20 {  // drops what was read now and then, not at every frame
                    pending.removeFirst(consumed)
                    consumed = 0
                }
                return found.frame
            }
            guard !closed, ContinuousClock.now < deadline else { return nil }
            let connection = connection
            let read = await offThePool { connection.read(within: 0.2) { !$0.isEmpty } }
            pending += read.bytes
            closed = read.closed
        }
    }

    /// Sends a text message in one masked frame, as a browser does; `false` when the server was gone.
    func send(_ text: String) async -> Bool {
        await send(frame: clientFrame(opcode: 0x1, payload: Array(text.utf8)))
    }

    /// Sends the bytes of a frame as they are; `false` when the server was gone.
    func send(frame: [UInt8]) async -> Bool {
        let connection = connection
        return await offThePool { connection.write(frame) }
    }

    /// Ends the connection from this side.
    func disconnect() { connection.disconnect() }
}
